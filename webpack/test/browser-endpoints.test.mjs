// The endpoint descriptions the browser gets (browser-endpoints-loader.cjs): every endpoint keeps
// what the browser reads and loses its documentation texts and schemas, which only the server
// uses. The descriptions live in contract's feature modules (journal-endpoints.ts, exports.ts,
// ledger/endpoints.ts, ...), which endpoints.ts spreads into one table: every one of them is
// checked, subfolders included.
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const require = createRequire(import.meta.url);
const { stripEndpointDocs } = require('../browser-endpoints-loader.cjs');
const acorn = require('acorn');
const here = path.dirname(fileURLToPath(import.meta.url));
const contractSource = path.join(here, '..', '..', 'contract', 'src');

const count = (text, pattern) => text.match(pattern)?.length ?? 0;
const DESCRIBES = /\b(endpoint|defineEndpoint)\(\{/;

/** Every contract module that describes endpoints, by its path under contract/src. */
const describing = readdirSync(contractSource, { recursive: true })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .filter((name) => DESCRIBES.test(readFileSync(path.join(contractSource, name), 'utf8')))
  .sort();

/** Each of them as esbuild hands it to the loader, and as the loader leaves it. */
const modules = describing.map((name) => {
  const source = readFileSync(path.join(contractSource, name), 'utf8');
  const js = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2020' }).code;
  return { name, js, stripped: stripEndpointDocs(js) };
});

/**
 * The properties of every endpoint description in `code` (`endpoint({...})`, with the common parts
 * of the module spread into it), each with whether its value is still there (not `void 0`).
 */
function describedProperties(code) {
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const objects = new Map();
  for (const statement of ast.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration')
      for (const { id, init } of declaration.declarations)
        if (id.type === 'Identifier' && init?.type === 'ObjectExpression')
          objects.set(id.name, init);
  }
  const found = [];
  const properties = (object) => {
    for (const property of object.properties) {
      if (property.type === 'SpreadElement') {
        const common = objects.get(property.argument.name);
        if (common) properties(common);
      } else if (!property.computed) {
        const name = property.key.name ?? property.key.value;
        const kept = !(
          property.value.type === 'UnaryExpression' && property.value.operator === 'void'
        );
        found.push({ name, kept });
      }
    }
  };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'CallExpression' &&
      /^(endpoint|defineEndpoint)$/.test(node.callee.name ?? '') &&
      node.arguments[0]?.type === 'ObjectExpression'
    )
      properties(node.arguments[0]);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
}

const total = (side, pattern) =>
  modules.reduce((sum, module) => sum + count(module[side], pattern), 0);

test('finds the modules that describe endpoints, in subfolders too', () => {
  expect(describing).toEqual(
    expect.arrayContaining(['journal-endpoints.ts', 'exports.ts', 'ledger/endpoints.ts']),
  );
});

test('keeps every endpoint with its method, path, access, texts and topics', () => {
  // The topics are how the browser's cache knows what a write leaves stale (contract topics.ts).
  expect(total('js', /\breads: \[/g)).toBeGreaterThan(90);
  expect(total('stripped', /\breads: \[/g)).toBe(total('js', /\breads: \[/g));
  expect(total('js', /\bchanges: \[/g)).toBeGreaterThan(70);
  expect(total('stripped', /\bchanges: \[/g)).toBe(total('js', /\bchanges: \[/g));
  expect(total('stripped', /\banswersRead: "/g)).toBe(3);
  for (const { name, js, stripped } of modules) {
    for (const key of [
      'method',
      'path',
      'access',
      'texts',
      'errors',
      'reads',
      'changes',
      'answersRead',
    ]) {
      const pattern = new RegExp(`\\b${key}: `, 'g');
      expect({ name, key, kept: count(stripped, pattern) }).toEqual({
        name,
        key,
        kept: count(js, pattern),
      });
    }
    expect({ name, endpoints: count(stripped, /endpoint\(\{/g) }).toEqual({
      name,
      endpoints: count(js, /endpoint\(\{/g),
    });
  }
  const journal = modules.find((module) => module.name === 'journal-endpoints.ts');
  expect(journal.stripped).toContain('path: "/journal"');
});

test('drops the summaries, descriptions and schemas', () => {
  expect(total('js', /summary: "/g)).toBeGreaterThan(40);
  expect(total('js', /adminsOnly: apiMessages\./g)).toBeGreaterThan(5);
  const dropped = ['summary', 'description', 'params', 'query', 'headers', 'body', 'responses'];
  let described = 0;
  for (const { name, js, stripped } of modules) {
    const before = describedProperties(js);
    const after = describedProperties(stripped);
    described += before.filter((property) => dropped.includes(property.name)).length;
    expect({ name, properties: after.map((property) => property.name) }).toEqual({
      name,
      properties: before.map((property) => property.name),
    });
    expect({
      name,
      left: after.filter(
        (property) => property.kept && [...dropped, 'adminsOnly'].includes(property.name),
      ),
    }).toEqual({ name, left: [] });
  }
  expect(described).toBeGreaterThan(100);
  const length = (side) => modules.reduce((sum, module) => sum + module[side].length, 0);
  expect(length('stripped')).toBeLessThan(length('js') * 0.9);
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
  for (const name of describing)
    expect({ name, stripped: applies(path.join(contractSource, name)) }).toEqual({
      name,
      stripped: true,
    });
});
