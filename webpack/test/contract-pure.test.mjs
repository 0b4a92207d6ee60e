// contract's module-level constants marked pure (contract-pure-loader.cjs): the endpoint table,
// bundled with the apps' settings, keeps every endpoint and leaves out the schemas built beside
// the descriptions (exports.ts builds its schemas in the module that describes its endpoints).
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browserModule, browserResolve, minimizerFor } from '../create-config.mjs';
import { buildOnce } from './build-once.mjs';

const require = createRequire(import.meta.url);
const { markModuleLevelPure } = require('../contract-pure-loader.cjs');
const out = mkdtempSync(path.join(tmpdir(), 'web-build-pure-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('marks the calls of module-level constants, not those run later or for their effect', () => {
  const marked = markModuleLevelPure(
    [
      'export const A = Type.Object({ x: Type.String() });',
      'const f = (e) => Type.String(e);',
      'setUp();',
    ].join('\n'),
  );
  expect(marked).toContain(
    'export const A = /* @__PURE__ */ Type.Object({ x: /* @__PURE__ */ Type.String() });',
  );
  expect(marked).toContain('const f = (e) => Type.String(e);');
  expect(marked).toContain('\nsetUp();');
});

test('the endpoint table bundles without the schemas and TypeBox', async () => {
  await buildOnce({
    entry: './endpoints-entry.mjs',
    output: { path: out, filename: 'endpoints.cjs', library: { type: 'commonjs2' } },
    resolve: browserResolve,
    module: browserModule,
    // The shell's minifier, which drops unused pure calls: the dashboard is the shell's.
    optimization: { minimizer: minimizerFor(false) },
  });
  const file = path.join(out, 'endpoints.cjs');
  const bundle = readFileSync(file, 'utf8');
  const { endpoints } = require(file);
  expect(endpoints.getCompany.path).toBe('/settings/company');
  expect(endpoints.journalExcel.method).toBe('GET');
  // A schema description of exports.ts, and TypeBox's object builder (its few module-level
  // symbols stay).
  expect(bundle).not.toContain('A PNG or JPEG file in base64');
  expect(bundle).not.toContain('type:"object"');
});
