// The endpoint table the browser gets (browser-endpoints-loader.cjs): every endpoint keeps what
// the browser reads and loses its documentation texts and schemas, which only the server uses.
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const require = createRequire(import.meta.url);
const { stripEndpointDocs } = require('../browser-endpoints-loader.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));
const source = readFileSync(path.join(here, '..', '..', 'contract', 'src', 'endpoints.ts'), 'utf8');
const js = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2020' }).code;
const stripped = stripEndpointDocs(js);

const count = (text, pattern) => text.match(pattern)?.length ?? 0;

test('keeps every endpoint with its method, path, access and texts', () => {
  for (const key of ['method', 'path', 'access', 'texts', 'errors'])
    expect(count(stripped, new RegExp(`\\b${key}: `, 'g'))).toBe(
      count(js, new RegExp(`\\b${key}: `, 'g')),
    );
  expect(stripped).toContain('path: "/journal"');
  expect(count(stripped, /endpoint\(\{/g)).toBe(count(js, /endpoint\(\{/g));
});

test('drops the summaries, descriptions and schemas', () => {
  expect(count(js, /summary: "/g)).toBeGreaterThan(40);
  expect(count(js, /adminsOnly: apiMessages\./g)).toBeGreaterThan(5);
  const dropped = ['summary', 'description', 'params', 'query', 'headers', 'body', 'responses'];
  for (const key of [...dropped, 'adminsOnly'])
    expect(stripped).not.toMatch(new RegExp(`\\b${key}: (?!void 0)`));
  expect(stripped.length).toBeLessThan(js.length * 0.9);
});

test('runs on every contract module that describes endpoints, not only the table', async () => {
  const { browserModule } = await import('../create-config.mjs');
  const loader = path.join(here, '..', 'browser-endpoints-loader.cjs');
  const rule = browserModule.rules.find((candidate) => candidate.use === loader);
  const matches = (condition, file) =>
    condition === undefined ||
    (condition instanceof RegExp ? condition.test(file) : file.startsWith(condition));
  const applies = (file) =>
    matches(rule.test, file) &&
    matches(rule.include, file) &&
    !(rule.exclude && matches(rule.exclude, file));
  const dir = path.join(here, '..', '..', 'contract', 'src');
  const describing = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) =>
      /\b(endpoint|defineEndpoint)\(\{/.test(readFileSync(path.join(dir, name), 'utf8')),
    );
  expect(describing).toEqual(expect.arrayContaining(['endpoints.ts', 'exports.ts']));
  for (const name of describing) {
    const file = path.join(dir, name);
    expect({ name, stripped: applies(file) }).toEqual({ name, stripped: true });
    const code = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' }).code;
    expect({ name, summary: /\bsummary: (?!void 0)/.test(stripEndpointDocs(code)) }).toEqual({
      name,
      summary: false,
    });
  }
});
