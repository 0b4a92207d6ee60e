// The browser packages' component tests run as CommonJS: swc writes each source as CommonJS, and
// jest runs without Node's experimental VM modules. With those modules on, jest compiles every
// module of every test file without V8's code cache (each script gets a dynamic-import hook of
// its own), about 0.15 s more processor time for each file, before any test. The one package the
// screens import that is published as ES modules only, React Router (and the route patterns it
// imports), is bundled here as CommonJS once, and jest.web.cjs maps its name to that file.
//
// The bundle is kept under node_modules/.cache, named by the package's version: it is built by the
// first run after an install, and a new version of React Router gets a new file. React stays
// outside, so that the router and the screens share the one React of the test's registry.
const { existsSync, mkdirSync, renameSync } = require('node:fs');
const path = require('node:path');

const root = __dirname;
const cacheDir = path.join(root, 'node_modules', '.cache', 'jest-web-commonjs');

/** The ES-module packages the tests load, by name. */
const PACKAGES = ['react-router'];

/** The CommonJS file that stands for `name` in the tests (as the version installed now). */
function commonJsFile(name) {
  const { version } = require(path.join(root, 'node_modules', name, 'package.json'));
  return path.join(cacheDir, `${name.replace('/', '+')}@${version}.cjs`);
}

/** jest's moduleNameMapper entries: each package's name to its CommonJS file. */
function esmPackageMapper() {
  return Object.fromEntries(
    PACKAGES.map((name) => [`^${name.replace('/', '\\/')}$`, commonJsFile(name)]),
  );
}

/** Builds the CommonJS file of each package that has none yet (written whole, then renamed). */
async function buildEsmPackages() {
  const { build } = require('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  for (const name of PACKAGES) {
    const file = commonJsFile(name);
    if (existsSync(file)) continue;
    const partial = `${file}.${process.pid}.partial`;
    await build({
      entryPoints: [require.resolve(name, { paths: [root] })],
      outfile: partial,
      bundle: true,
      format: 'cjs',
      platform: 'browser',
      target: 'es2022',
      // React and React DOM come from the test's registry, as the screens' own do.
      external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
      // Its one `import.meta` is a development build's hot reload check; empty here, as in any
      // CommonJS build.
      logOverride: { 'empty-import-meta': 'silent' },
      logLevel: 'warning',
    });
    renameSync(partial, file);
  }
}

module.exports = { buildEsmPackages, esmPackageMapper };
