// The libraries every component test of the shell and the remotes loads from source, bundled
// once per jest run. shared-ui with its testing helpers and the contract with TypeBox
// (shared-ui/testing reads the server's table of calls) are some 380 small modules, and every
// test file runs in a module registry of its own: each file resolved, read, transformed and
// compiled every one of them again before its first test. Bundled, they are one module, about
// 0.1 s less processor time per file. The component run of the six packages (this bundle, and
// axe-core loaded by the first check that needs it, shared-ui/src/testing/axe.ts), twice against
// the sources side by side on the loaded two-core machine: 183 -> 160 s and 176 -> 165 s of
// processor time (user and system), the same 900 tests.
//
// One bundle holds them all, so that shared-ui/testing acts on the very module state the screens
// use (mockEndpoint's answers, the cache of answers, the session store); a small file stands for
// each entry point and takes it from the bundle. What the tests share with the bundle stays out of
// it and comes from the test's registry as before: React, React DOM, TanStack Query, React
// Router, zustand, Testing Library, axe-core (every package but TypeBox), and the stylesheets,
// identity-obj-proxy as the jest config maps them. The resolver (jest.web.resolver.cjs) hands the
// bundle out for the entry points' sources, however a test names them; shared-ui's own tests load
// its sources module by module, as before. The global set-up builds the bundle for each run
// (never stale); the teardown removes it.
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { removeEndedRuns } = require('./jest.run-folders.cjs');

/** The variable that names the folder of this run's bundle, read by the resolver. */
const LIBRARIES_ENV = 'WEB_TEST_LIBRARIES';

const root = __dirname;
/**
 * The runs' folders of bundles, each named by the run's process id. In shared-ui, so that what the
 * bundle leaves to the test's registry (React and the rest) resolves as from shared-ui's sources.
 */
const buildsDir = path.join(root, 'shared-ui', '.test-builds');
/** Each entry point's source (as jest.web.cjs maps it), by the namespace it has in the bundle. */
const entryPoints = {
  sharedUi: path.join(root, 'shared-ui', 'src', 'index.ts'),
  sharedUiTesting: path.join(root, 'shared-ui', 'src', 'testing', 'index.ts'),
  contractBrowser: path.join(root, 'contract', 'src', 'browser.ts'),
  contract: path.join(root, 'contract', 'src', 'index.ts'),
};
const BUNDLE = 'libraries.cjs';
/** The file in the folder that stands for an entry point. */
const entryFile = (namespace) => `${namespace}.cjs`;

/** Bundled: the sources of shared-ui and the contract, and TypeBox; every other import is left. */
const bundled = /^(contract|shared-ui|@sinclair\/typebox)(\/|$)/;

const sourcesOnly = {
  name: 'sources-only',
  setup(build) {
    // As the jest config maps them: CSS is identity-obj-proxy, the libraries their sources.
    build.onResolve({ filter: /\.css$/ }, () => ({ path: 'identity-obj-proxy', external: true }));
    build.onResolve({ filter: /^contract(\/browser)?$/ }, ({ path: name }) => ({
      path: name === 'contract' ? entryPoints.contract : entryPoints.contractBrowser,
    }));
    build.onResolve({ filter: /^[^./]/ }, ({ path: name }) =>
      bundled.test(name) ? undefined : { path: name, external: true },
    );
  },
};

/** Builds this run's bundle (the folders of ended runs go), named in the workers' environment. */
async function buildLibraries() {
  removeEndedRuns(buildsDir);
  const dir = path.join(buildsDir, String(process.pid));
  mkdirSync(dir, { recursive: true });
  const { build } = require('esbuild');
  await build({
    // Each namespace is made when first asked for, and with it only the modules it imports: as
    // from the sources, shared-ui alone does not load the testing helpers (nor Testing Library,
    // which adds hooks as it loads), and a module shared by both is one instance.
    stdin: {
      contents: Object.entries(entryPoints)
        .map(
          ([namespace, file]) => `exports.${namespace} = () => require(${JSON.stringify(file)});`,
        )
        .join('\n'),
      resolveDir: root,
      sourcefile: 'libraries.js',
      loader: 'js',
    },
    outfile: path.join(dir, BUNDLE),
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    // import() of a package left out (axe-core, loaded when first needed) as a require() in a
    // promise: jest runs the component tests without ES modules (jest.web.esm-packages.cjs).
    supported: { 'dynamic-import': false },
    jsx: 'automatic',
    // Components and classes keep their names (React's messages, errors' names).
    keepNames: true,
    // Stack traces point into the sources: jest reads an inline map; the sources are on disk.
    sourcemap: 'inline',
    sourcesContent: false,
    plugins: [sourcesOnly],
    logLevel: 'warning',
  });
  for (const namespace of Object.keys(entryPoints)) {
    writeFileSync(
      path.join(dir, entryFile(namespace)),
      `module.exports = require('./${BUNDLE}').${namespace}();\n`,
    );
  }
  process.env[LIBRARIES_ENV] = dir;
}

function removeLibraries() {
  const dir = process.env[LIBRARIES_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** The file of this run's bundle that stands for the entry point at `source`, if any. */
function bundledEntry(dir, source) {
  const namespace = Object.keys(entryPoints).find((name) => entryPoints[name] === source);
  return namespace && path.join(dir, entryFile(namespace));
}

module.exports = { buildLibraries, removeLibraries, bundledEntry, LIBRARIES_ENV };
