// What the browser bundles get of contract: its browser entry (`contract/browser`), bundled with
// the apps' own resolve and module settings, holds every call's route (method, path, access,
// topics, texts) as the full table has it, and carries no TypeBox and no schema. Everything the
// entry exports is bundled at once, so no app, which imports a part of it, can carry more.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browserModule, browserResolve, minimizerFor } from '../create-config.mjs';
import { buildOnce } from './build-once.mjs';

const require = createRequire(import.meta.url);
const out = mkdtempSync(path.join(tmpdir(), 'web-build-contract-browser-'));

/** What a route holds (contract endpoint.ts `RoutePart`). */
const ROUTE_PARTS = [
  'method',
  'path',
  'access',
  'texts',
  'reads',
  'changes',
  'answersRead',
  'file',
  'ownAccount',
];

/** The modules a build put in its chunks, those webpack concatenated into one counted one by one. */
function bundledModules(stats) {
  const modules = [];
  const walk = (list) => {
    for (const module of list ?? []) {
      if (module.modules) walk(module.modules);
      else modules.push(module.identifier);
    }
  };
  walk(
    stats
      .toJson({ modules: true, nestedModules: true })
      .modules.filter((module) => module.chunks.length > 0),
  );
  return modules;
}

async function bundle(name, entry, minimizer) {
  const stats = await buildOnce({
    entry,
    output: {
      path: out,
      filename: `${name}.cjs`,
      library: { type: 'commonjs2' },
      globalObject: 'globalThis',
    },
    resolve: browserResolve,
    module: browserModule,
    optimization: { minimizer },
  });
  const file = path.join(out, `${name}.cjs`);
  return {
    exports: require(file),
    text: readFileSync(file, 'utf8'),
    modules: bundledModules(stats),
  };
}

let browser;
let full;

beforeAll(async () => {
  // The shell's minifier (terser) and the remotes' (esbuild): each must leave the schemas out.
  browser = await bundle('browser', './browser-entry.mjs', minimizerFor(false));
  full = await bundle('full', './contract-entry.mjs', minimizerFor(true));
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('every call is there with its route, exactly as the full table has it', () => {
  const names = Object.keys(full.exports.endpoints);
  expect(names.length).toBeGreaterThan(150);
  expect(Object.keys(browser.exports.endpoints)).toEqual(names);
  for (const name of names) {
    const endpoint = full.exports.endpoints[name];
    const route = Object.fromEntries(
      ROUTE_PARTS.filter((part) => endpoint[part] !== undefined).map((part) => [
        part,
        endpoint[part],
      ]),
    );
    expect({ name, route: browser.exports.endpoints[name] }).toEqual({ name, route });
  }
  expect(browser.exports.endpoints.getCompany.path).toBe('/settings/company');
  expect(browser.exports.endpoints.journalExcel.file.fileName).toBe('journal.xlsx');
});

test('the browser bundle carries no TypeBox and no schema', () => {
  const typebox = (modules) =>
    modules.filter((id) =>
      /[\\/]@sinclair[\\/]typebox[\\/]|[\\/]webpack[\\/]typebox\.mjs$/.test(id),
    );
  // The full contract, bundled the same way, does carry them: the check sees them when they come.
  expect(typebox(full.modules).length).toBeGreaterThan(0);
  expect(full.text).toContain('A PNG or JPEG file in base64');
  expect(typebox(browser.modules)).toEqual([]);
  expect(browser.modules.filter((id) => /-endpoints\.ts$|[\\/]schemas\.ts$/.test(id))).toEqual([]);
  // A schema's description (company.ts) and TypeBox's object builder.
  expect(browser.text).not.toContain('A PNG or JPEG file in base64');
  expect(browser.text).not.toMatch(/type:\s*"object"/);
  expect(browser.text.length).toBeLessThan(full.text.length / 2);
});
