// The packages an API test file loads by the hundred small ES modules, each bundled into one
// file once per jest run by the global set-up, and handed to the files by the resolver
// (resolver.cjs). A file runs in a module registry of its own, on a worker that is often new, so
// it resolved, read and compiled every module of those packages again: importing the app loads
// about 1,000 modules, 255 of them Kysely's, 247 TypeBox's, 114 the contract's sources.
//
// Every entry point is built in one esbuild run with code splitting: Kysely's and TypeBox's
// subpaths (`@sinclair/typebox/compiler`, `kysely/helpers/postgres`...) share their chunks with
// the package's main entry, so whoever imports which of them gets the same module state (TypeBox's
// format and type registries, Kysely's classes) as in Node. The contract is bundled from its
// sources (as the jest config maps it) with TypeBox from the same chunks. Only ES module imports
// are mapped: a require() of these packages gets their CommonJS build as before.
const { readFileSync, writeFileSync } = require('node:fs');
const { findPackageJSON } = require('node:module');
const path = require('node:path');

const apiDir = path.resolve(__dirname, '..');
const contractSource = path.resolve(apiDir, '..', 'contract', 'src', 'index.ts');
/** The variable that names the folder of the bundles, read by resolver.cjs. */
const MODULE_BUNDLES = 'API_TEST_MODULE_BUNDLES';

/** Every subpath a package exports, as `name` and `name/sub`. */
function exportedSpecifiers(name) {
  const file = findPackageJSON(name, path.join(apiDir, 'package.json'));
  const { exports } = JSON.parse(readFileSync(file, 'utf8'));
  return Object.keys(exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));
}

/** The bundle's name of an import specifier. */
const bundleName = (specifier) => specifier.replace(/^@/, '').replaceAll('/', '-');
/** The file in the bundles' folder that maps each import (as jest sees it) to its bundle. */
const MANIFEST = 'bundles.json';

/** Bundles the packages into `dir` and names it in the environment the workers inherit. */
async function buildModuleBundles(dir) {
  const specifiers = ['@sinclair/typebox', 'kysely'].flatMap(exportedSpecifiers);
  const entryPoints = Object.fromEntries(
    specifiers.map((specifier) => [bundleName(specifier), specifier]),
  );
  entryPoints.contract = contractSource;
  const { build } = require('esbuild');
  await build({
    entryPoints,
    absWorkingDir: apiDir,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // esbuild resolves them with the `import` condition, as the tests' imports do.
    conditions: ['import'],
    logLevel: 'warning',
  });
  // The jest config maps `contract` to its sources' index: that path is what jest resolves.
  const files = Object.fromEntries([
    ...specifiers.map((specifier) => [specifier, `${bundleName(specifier)}.mjs`]),
    [contractSource, 'contract.mjs'],
  ]);
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(files, null, 2)}\n`);
  process.env[MODULE_BUNDLES] = dir;
}

module.exports = { buildModuleBundles, MANIFEST, MODULE_BUNDLES };
