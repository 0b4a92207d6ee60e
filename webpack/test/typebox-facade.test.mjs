// The TypeBox the browser gets: contract bundled by webpack with the apps' own resolve settings,
// where `@sinclair/typebox` is `typebox.mjs`, against the same bundle with the full TypeBox. Every
// schema contract exports and every endpoint's inputs and answers must come out the same, accept
// and refuse the same values, and the browser's bundle must carry only a small part of TypeBox.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kind } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { browserModule, browserResolve, minimizerFor } from '../create-config.mjs';
import { buildOnce } from './build-once.mjs';

const out = mkdtempSync(path.join(tmpdir(), 'web-build-typebox-'));
const require = createRequire(import.meta.url);

/**
 * The bytes of TypeBox's own modules a build put in its bundle (their sources, before the
 * minifier), the modules webpack concatenated into one counted one by one.
 */
function typeboxBytes(stats) {
  const modules = [];
  const walk = (list) => {
    for (const module of list ?? []) {
      if (module.modules) walk(module.modules);
      else modules.push(module);
    }
  };
  walk(
    stats
      .toJson({ modules: true, nestedModules: true })
      .modules.filter((module) => module.chunks.length > 0),
  );
  return modules
    .filter((module) => /[\\/]node_modules[\\/]@sinclair[\\/]typebox[\\/]/.test(module.identifier))
    .reduce((sum, module) => sum + module.size, 0);
}

/** contract's exports as a browser bundle gets them, the bundle's size and TypeBox's part in it. */
async function bundleContract(name, resolve) {
  const stats = await buildOnce({
    entry: './contract-entry.mjs',
    output: {
      path: out,
      filename: `${name}.cjs`,
      library: { type: 'commonjs2' },
      globalObject: 'globalThis',
    },
    resolve,
    module: browserModule,
    optimization: { minimizer: minimizerFor(true) },
  });
  const file = path.join(out, `${name}.cjs`);
  return {
    contract: require(file),
    bytes: readFileSync(file).length,
    typeboxBytes: typeboxBytes(stats),
  };
}

const withoutFacade = (resolve) => {
  const { '@sinclair/typebox$': _facade, ...alias } = resolve.alias;
  return { ...resolve, alias };
};

let browser;
let full;

beforeAll(async () => {
  browser = await bundleContract('browser', browserResolve);
  full = await bundleContract('full', withoutFacade(browserResolve));
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const isSchema = (value) => typeof value === 'object' && value !== null && Kind in value;

/** Every schema of the endpoint list: `<endpoint>.<part>` -> [browser's, full TypeBox's]. */
function endpointSchemas() {
  const pairs = [];
  for (const [name, endpoint] of Object.entries(full.contract.endpoints)) {
    const ours = browser.contract.endpoints[name];
    for (const part of ['params', 'query', 'headers', 'body']) {
      if (endpoint[part] || ours?.[part])
        pairs.push([`${name}.${part}`, ours?.[part], endpoint[part]]);
    }
    for (const status of ['200', '201']) {
      const schema = endpoint.responses[status];
      if (schema || ours?.responses[status]) {
        pairs.push([`${name}.responses.${status}`, ours?.responses[status], schema]);
      }
    }
  }
  return pairs;
}

test("the browser's TypeBox builds every endpoint's inputs and answers as TypeBox does", () => {
  const pairs = endpointSchemas();
  expect(pairs.length).toBeGreaterThan(40);
  for (const [name, ours, theirs] of pairs) {
    expect({ name, schema: ours }).toEqual({ name, schema: theirs });
  }
});

test('every schema contract exports comes out the same', () => {
  const names = Object.keys(full.contract).filter((name) => isSchema(full.contract[name]));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    expect({ name, schema: browser.contract[name] }).toEqual({ name, schema: full.contract[name] });
  }
});

test('the schemas accept and refuse the same values', () => {
  let checked = 0;
  for (const [name, ours, theirs] of endpointSchemas()) {
    const compiled = TypeCompiler.Compile(ours);
    const samples = [null, {}, [], 'text', 0];
    try {
      samples.push(Value.Create(theirs));
    } catch {
      // A schema with a format or pattern has no value TypeBox can make up; the others count.
    }
    for (const sample of samples) {
      const expected = Value.Check(theirs, sample);
      expect({ name, sample, accepted: compiled.Check(sample) }).toEqual({
        name,
        sample,
        accepted: expected,
      });
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(200);
});

// What the facade saves is TypeBox, so that is what is weighed: the whole bundle is mostly
// contract's own schemas, texts and endpoints, which grow with every feature and are the same in
// both bundles. The browser's bundle carries the builders contract uses and what they import
// (30,015 bytes of the 188,502 the full `Type` pulls in); an import of TypeBox past the facade,
// or a builder that brings its compiler or value system along, brings the rest back.
test('the browser bundle leaves most of TypeBox out', () => {
  expect(full.typeboxBytes).toBeGreaterThan(100_000);
  expect(browser.typeboxBytes).toBeLessThan(full.typeboxBytes * 0.25);
  expect(browser.bytes).toBeLessThan(full.bytes);
});
