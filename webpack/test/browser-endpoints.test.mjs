// The endpoint table the browser gets (browser-endpoints-loader.cjs): every endpoint keeps what
// the browser reads and loses its documentation texts and schemas, which only the server uses.
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
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
