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

/** esbuild's options for both builds: ES modules for Node 24 in `dir`, shared code in chunks. */
const esModuleBundles = (dir) => ({
  absWorkingDir: apiDir,
  outdir: dir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
});

/**
 * The CommonJS packages the app imports (Fastify and its plugins, pg...), with the hundreds of
 * modules they require (Ajv alone is 214): about 0.7 s of processor time in every file that
 * imports the app, loading them and running them. Bundled into ES modules with code splitting in
 * one esbuild run, so that what two of them share (Ajv, fastify-plugin) is one module, and each
 * entry exports what Node's import of that package gives: its module.exports as default, and its
 * keys by name. About 0.2 s less per file: 45 API files on PostgreSQL, twice each way in turn,
 * 177 and 173 -> 166 and 165 processor-s.
 *
 * Not bundled: packages that read files beside their own (@fastify/swagger-ui's static files,
 * pdfkit's fonts) or load native code (sharp, argon2), and the ES module packages.
 */
const COMMONJS_PACKAGES = [
  'fastify',
  'fastify-plugin',
  '@fastify/ajv-compiler',
  '@fastify/compress',
  '@fastify/fast-json-stringify-compiler',
  '@fastify/helmet',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/static',
  '@fastify/swagger',
  '@zxcvbn-ts/language-common',
  'content-type',
  'iconv-lite',
  'pg',
  'pg-copy-streams',
  'saxes',
  'unhomoglyph',
  'yauzl',
];

/** The names a CommonJS package exports, as an import of it from an ES module sees them. */
function exportedNames(specifier) {
  const exports = require(require.resolve(specifier, { paths: [apiDir] }));
  return Object.keys(exports).filter(
    (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
  );
}

/** Bundles COMMONJS_PACKAGES into `dir`; answers [specifier, file under the bundles' folder]. */
async function bundleCommonJsPackages(dir) {
  const { build } = require('esbuild');
  await build({
    entryPoints: COMMONJS_PACKAGES.map((specifier) => ({
      in: `entry:${specifier}`,
      out: bundleName(specifier),
    })),
    ...esModuleBundles(dir),
    // What the bundled CommonJS code finds in a module scope: require for Node's own modules
    // and the optional ones left out (pg-native), and its own file's name.
    banner: {
      js: [
        "import { createRequire as __bundleRequire } from 'node:module';",
        "import { dirname as __bundleDirname } from 'node:path';",
        "import { fileURLToPath as __bundlePath } from 'node:url';",
        'const require = __bundleRequire(import.meta.url);',
        'const __filename = __bundlePath(import.meta.url);',
        'const __dirname = __bundleDirname(__filename);',
      ].join('\n'),
    },
    external: ['pg-native'],
    logLevel: 'warning',
    plugins: [
      {
        name: 'commonjs-entries',
        setup(plugin) {
          plugin.onResolve({ filter: /^entry:/ }, (args) => ({
            path: args.path.slice('entry:'.length),
            namespace: 'commonjs-entry',
          }));
          plugin.onLoad({ filter: /.*/, namespace: 'commonjs-entry' }, (args) => {
            const names = exportedNames(args.path);
            return {
              contents: [
                `const bundled = require(${JSON.stringify(args.path)});`,
                'export default bundled;',
                names.length ? `export const { ${names.join(', ')} } = bundled;` : '',
              ].join('\n'),
              resolveDir: apiDir,
              loader: 'js',
            };
          });
        },
      },
    ],
  });
  return COMMONJS_PACKAGES.map((specifier) => [specifier, `cjs/${bundleName(specifier)}.mjs`]);
}

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
    ...esModuleBundles(dir),
    // esbuild resolves them with the `import` condition, as the tests' imports do.
    conditions: ['import'],
    logLevel: 'warning',
  });
  // The jest config maps `contract` to its sources' index: that path is what jest resolves.
  const files = Object.fromEntries([
    ...specifiers.map((specifier) => [specifier, `${bundleName(specifier)}.mjs`]),
    [contractSource, 'contract.mjs'],
    ...(await bundleCommonJsPackages(path.join(dir, 'cjs'))),
  ]);
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(files, null, 2)}\n`);
  process.env[MODULE_BUNDLES] = dir;
}

module.exports = { buildModuleBundles, MANIFEST, MODULE_BUNDLES };
