// Builds the webpack configuration of one app (the shell or a remote). Every app's
// webpack.config.mjs calls this (a remote through createRemoteConfig, from the one list), so federation settings,
// loaders and the dev server behave the same everywhere.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { builtAgainst, hostShared, shared } from './shared.mjs';
import { ChunkIntegrityPlugin } from './chunk-integrity-plugin.mjs';
import { SharedUiExportsPlugin, sharedUiImports } from './shared-ui-exports.mjs';
// The one list of the remotes (names, folders, dev ports, screens); the shell and the api import it too.
import list from '../contract/src/remotes.json' with { type: 'json' };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/**
 * `npm run dev` at the root runs every app and the API at once (the root script sets
 * DEV_WHOLE_SYSTEM): PORT is then the API's port, and each app keeps its port from the list.
 * `npm run dev -w <app>` alone serves the app on PORT when it is given.
 */
const wholeSystem = process.env.DEV_WHOLE_SYSTEM === '1';

/** The dev server's port: PORT for an app run alone, else the app's port in the list. */
export function devPortOf(listed, env = process.env) {
  if (env.DEV_WHOLE_SYSTEM === '1' || !env.PORT) return listed;
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a number from 1 to 65535, not "${env.PORT}"`);
  }
  return port;
}

/**
 * Where the API runs in development; every dev server proxies `/api` there: API_URL, else the
 * API's own default (port 8080, or PORT when the whole system runs with it).
 */
const apiTarget =
  process.env.API_URL ||
  `http://localhost:${wholeSystem && process.env.PORT ? process.env.PORT : 8080}`;

/**
 * BUILD_PROFILE=test: the production build the end-to-end tests drive, less what only a deployed
 * build uses: no source maps and no Brotli/gzip copies (the server sends the files themselves
 * when no copy is beside them). The bundles are the same minified, hashed files. Any other value,
 * or none, is the production build.
 */
const testProfile = process.env.BUILD_PROFILE === 'test';

/**
 * Browsers the bundles are written for: ES2020 lets webpack emit its runtime with arrow functions,
 * `const` and optional chaining instead of ES5 helpers (smaller entries).
 */
export const TARGET = ['web', 'es2020'];

/**
 * The size-saving facades: the router the browser bundles share, only the parts the apps use
 * (`react-router.mjs`), and a TypeBox with only the builders contract uses (`typebox.mjs`).
 */
const ROUTER_FACADE = path.join(here, 'react-router.mjs');
const TYPEBOX_FACADE = path.join(here, 'typebox.mjs');
/** The query cache the browser bundles share: only the parts of TanStack Query shared-ui uses. */
const REACT_QUERY_FACADE = path.join(here, 'react-query.mjs');

/** How browser bundles resolve our sources (the apps, shared-ui, contract). */
export const browserResolve = {
  extensions: ['.ts', '.tsx', '.js'],
  // contract is ESM TypeScript with `.js` specifiers; consume it from source like shared-ui.
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  alias: {
    contract$: path.join(root, 'contract', 'src', 'index.ts'),
    'react-router$': ROUTER_FACADE,
    '@sinclair/typebox$': TYPEBOX_FACADE,
    '@tanstack/react-query$': REACT_QUERY_FACADE,
  },
};

/** How browser bundles treat our sources: parsing, TypeScript, CSS, side-effect free contract. */
export const browserModule = {
  // An import of a name a module does not export fails the build (the router facade lists only
  // the names the apps use).
  parser: { javascript: { exportsPresence: 'error' } },
  rules: [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: {
        // Type checking is the separate `typecheck` script; the build only transpiles.
        loader: path.join(here, 'esbuild-loader.cjs'),
        options: { target: 'es2020' },
      },
    },
    { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    {
      // The endpoint descriptions without the summaries, descriptions and schemas no browser
      // reads (after esbuild: `enforce: 'post'`), in every contract module: the table in
      // endpoints.ts spreads in the ones that feature modules describe (exports, receipts, ...).
      test: /\.ts$/,
      include: path.join(root, 'contract', 'src'),
      exclude: /\.test\.ts$/,
      enforce: 'post',
      use: path.join(here, 'browser-endpoints-loader.cjs'),
    },
    {
      // contract's module-level constants built by calls (schemas, endpoint descriptions) marked
      // pure, so that those no browser code reads are dropped with what they import.
      test: /\.ts$/,
      include: path.join(root, 'contract', 'src'),
      exclude: /\.test\.ts$/,
      enforce: 'post',
      use: path.join(here, 'contract-pure-loader.cjs'),
    },
    {
      // The browser uses only contract's messages and types; declaring its modules free of
      // side effects lets webpack drop the TypeBox schemas the apps never read.
      include: path.join(root, 'contract', 'src'),
      sideEffects: false,
    },
    {
      // The facades import the packages they stand for by their public entries (`#react-router`,
      // `#typebox` in package.json `imports`); those requests must reach the packages, not the
      // facades again.
      include: [ROUTER_FACADE, TYPEBOX_FACADE, REACT_QUERY_FACADE],
      resolve: {
        alias: {
          'react-router$': 'react-router',
          '@sinclair/typebox$': '@sinclair/typebox',
          '@tanstack/react-query$': '@tanstack/react-query',
        },
      },
    },
  ],
};

/**
 * The federation runtime pieces a remote takes from globals instead of bundling them
 * (`federation-runtime-provider.mjs` sets both): the runtime core (`experiments.externalRuntime`)
 * and the webpack bundler runtime with the SDK it pulls in. Only the container's own code (its
 * exposes map, share declarations, chunk loading) stays in `remoteEntry.js`.
 */
const BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';
const bundlerRuntimeExternal = ({ request }, callback) =>
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/.test(
    request ?? '',
  )
    ? callback(null, `var ${BUNDLER_RUNTIME_GLOBAL}`)
    : callback();

/**
 * A remote's module federation: its container (`remoteEntry.js`) exposes its screens and shares
 * the singletons of `shared.mjs`; the shell, the host, provides its own copies of them at runtime.
 */
function remoteFederation(name, exposes) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    // Remotes are never known at build time: the shell reads /remotes.json at start.
    remotes: {},
    shared,
    shareStrategy: 'loaded-first',
    // One federation runtime core for every remote of a page, on a global: remotes leave theirs
    // out of their entries (from ~28 KB to ~9 KB gzipped each), and the runtime provider below
    // supplies it once. Browser-only code paths (`target: 'web'`).
    experiments: {
      externalRuntime: true,
      optimization: { target: 'web' },
    },
    manifest: {
      fileName: 'mf-manifest.json',
      // Recorded for the deploy's and the shell's compatibility checks
      // (metaData.buildInfo.builtAgainst, and the names it imports from shared-ui).
      additionalData: ({ stats, compilation }) => {
        stats.metaData.buildInfo = {
          ...stats.metaData.buildInfo,
          builtAgainst,
          sharedUiImports: sharedUiImports(compilation),
        };
        return stats;
      },
    },
    // The type plugin runs tsc, opens a broker on port 16322 and downloads zips from running
    // remotes; types are shared through workspace packages instead.
    dts: false,
  });
}

/**
 * shared-ui's modules as side-effect free (its styles are not, nor its entry, which imports the
 * design tokens and base styles) in the shell's builds: a screen's bundle carries only the parts
 * of shared-ui it imports, not every module its index re-exports.
 */
const sharedUiSideEffectFree = {
  include: path.join(root, 'shared-ui', 'src'),
  exclude: [/\.css$/, path.join(root, 'shared-ui', 'src', 'index.ts')],
  sideEffects: false,
};

/**
 * @param {object} options
 * @param {string} options.name        federation name (`shell`, `settings`, ...); also the uniqueName
 * @param {string} options.dir         the app's folder (`fileURLToPath(new URL('.', import.meta.url))`)
 * @param {number} options.port        dev server port
 * @param {string} [options.title]     document title of the app's own page
 * @param {Record<string,string>} [options.exposes]  remotes only: `./SettingsPage` -> source file
 * @param {(app: import('express').Application) => void} [options.devRoutes]  extra dev-server routes
 * @param {string} [options.start]  the shell only: the entry of a first script built without
 *   federation (`start.js`), which the page loads instead of main.js (see `startConfig` below)
 */
export function createConfig({
  name,
  dir,
  port,
  title = 'Office Finance',
  exposes,
  devRoutes,
  start,
}) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const isRemote = Boolean(exposes && Object.keys(exposes).length > 0);
    const hashed = production ? '.[contenthash:8]' : '';

    const app = {
      // Each compilation is named: in development every page's live-reload client answers only
      // to its own compilation's builds, never to a sibling's hash (a client that took the
      // runtime provider's hash for a new build of its own reloaded the page forever).
      name,
      mode: production ? 'production' : 'development',
      target: TARGET,
      context: dir,
      // Production maps are written beside the bundles for reading stack traces, but the bundles
      // do not point at them and the server does not serve them (api/src/web/static.ts).
      devtool: production
        ? testProfile
          ? false
          : 'hidden-source-map'
        : 'eval-cheap-module-source-map',
      // index.ts only imports (`import('./bootstrap')`, and in the shell the dashboard's first
      // calls): in a remote, the async boundary lets federation negotiate the shared singletons
      // before React is evaluated; in the shell, the dashboard's calls start before react-dom runs.
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `office-finance-${name}`,
        // Entry chunks keep stable names: a remote's federation runtime module needs the entry's
        // file name before content hashes exist, and the shell's start script loads main.js by
        // name. They are served no-cache, and index.html references them with a ?hash query;
        // every other chunk is content-hashed.
        filename: '[name].js',
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // The runtime provider and the start script (other compilations, below) write into the
        // same folder.
        clean: { keep: (file) => file.startsWith(RUNTIME_PROVIDER_FILE) || START_FILES.test(file) },
      },
      resolve: browserResolve,
      // The shell's own build does not share shared-ui through federation: it bundles only the
      // parts its screens import, and provides the whole of it to the remotes from a lazy chunk.
      module: isRemote
        ? browserModule
        : { ...browserModule, rules: [...browserModule.rules, sharedUiSideEffectFree] },
      plugins: [
        new MiniCssExtractPlugin({
          filename: `[name]${hashed}.css`,
          chunkFilename: `[name]${hashed}.css`,
        }),
        // The shell compares its own versions with the ones each remote's manifest records, and
        // provides the remotes' shared modules with these versions and ranges (shared.mjs).
        new webpack.DefinePlugin({
          __BUILT_AGAINST__: JSON.stringify(builtAgainst),
          ...(isRemote ? {} : { __HOST_SHARED__: JSON.stringify(hostShared) }),
        }),
        // Remotes only. The shell is a runtime host: it creates its federation instance from the
        // runtime core of `federation-runtime.js` when the first remote screen loads
        // (shell/src/federation), so neither its login page nor its dashboard carries the
        // federation runtime.
        ...(isRemote ? [remoteFederation(name, exposes)] : []),
        // A remote's chunks carry their SHA-384 in its entry, and its loader checks them.
        ...(isRemote && production ? [new ChunkIntegrityPlugin()] : []),
        new HtmlWebpackPlugin({
          template: path.join(here, 'index.html'),
          title,
          // With a start script, the page loads it and it loads main.js when signed in.
          chunks: start ? [] : ['main'],
          hash: production,
          // Absolute, so a deep link such as /no/such/page still loads /main.js. Chunks keep
          // publicPath 'auto' (derived from where main.js or remoteEntry.js came from).
          publicPath: '/',
          favicon: path.join(here, 'favicon.ico'),
          // A remote's standalone page runs the runtime provider before main.js.
          runtimeProvider: isRemote ? `/${RUNTIME_PROVIDER_FILE}` : undefined,
          startScript: start ? `/${START_FILE}` : undefined,
          // Replaced with the list by SignedInFilesPlugin once every file has its final name.
          signedInFiles: start ? SIGNED_IN_FILES_MARK : undefined,
        }),
        ...(start ? [new SignedInFilesPlugin()] : []),
        // What a remote imports of shared-ui (its manifest), what the shell provides of it
        // (shared-ui-exports.json): the deploy's and the shell's checks compare them.
        new SharedUiExportsPlugin({ remote: isRemote }),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        // A remote must not use runtimeChunk 'single' (its container needs its own runtime).
        runtimeChunk: false,
        minimizer: minimizerFor(isRemote),
      },
      externals: isRemote ? [bundlerRuntimeExternal] : undefined,
      performance: { hints: false },
      stats: production ? 'normal' : 'minimal',
      devServer: {
        port: devPortOf(port),
        host: 'localhost',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        // The shell on another port fetches this remote's manifest and chunks.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
        setupMiddlewares: (middlewares, server) => {
          if (devRoutes) devRoutes(server.app);
          return middlewares;
        },
        client: { overlay: { warnings: false, errors: true } },
        // The runtime provider is built outside the dev server (below); its file is served
        // from there.
        static: [{ directory: devRuntimeDir(name), publicPath: '/', watch: false }],
      },
    };
    // Remote entries expect the federation runtime core on a global (externalRuntime). This small
    // separate bundle puts it there: the shell loads its own copy before the first remote and
    // creates its federation instance from that core (so the login page and the dashboard do not
    // pay for it), and a remote's standalone page loads the remote's copy before its main.js.
    const runtimeProvider = {
      name: `${name}-federation-runtime`,
      mode: app.mode,
      target: TARGET,
      context: here,
      devtool: false,
      entry: { [RUNTIME_PROVIDER_FILE.replace(/\.js$/, '')]: './federation-runtime-provider.mjs' },
      // In development it is no part of the dev server (`devServer: false`): it carries no
      // live-reload client (its inputs are installed packages, it never changes while the app is
      // edited), and is written to a folder of its own that the dev server serves as it is.
      output: {
        path: production ? app.output.path : devRuntimeDir(name),
        filename: '[name].js',
        clean: false,
      },
      ...(production ? {} : { devServer: false }),
      plugins: [
        new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify('web') }),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      // Its inputs are installed packages only, the same for every build and deploy: kept in
      // webpack's disk cache (node_modules/.cache/webpack), a rebuild reuses it instead of
      // bundling and minifying the runtime again.
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(root, 'node_modules', '.cache', 'webpack'),
        name: `${name}-federation-runtime-${app.mode}`,
        buildDependencies: { config: [fileURLToPath(import.meta.url)] },
      },
      optimization: { minimizer: minimizerFor(isRemote) },
      performance: { hints: false },
      stats: app.stats,
    };
    return start ? [app, runtimeProvider, startConfig(app, start)] : [app, runtimeProvider];
  };
}

/**
 * Remotes minify with esbuild: several times faster than terser (a remote's deploy is timed,
 * `npm run bench:web`), a few per cent larger. The shell keeps webpack's default (terser, two
 * passes): its first screens are the ones weighed, and terser writes them a little smaller.
 */
/** What the remotes' minifier writes (see minimizerFor). */
export const REMOTE_MINIFY_TARGET = 'es2022';

export const minimizerFor = (isRemote) =>
  isRemote
    ? [
        new MinimizerPlugin({
          minify: MinimizerPlugin.esbuildMinify,
          // ES2022, the syntax the installed libraries ship (react-router 8's static class fields,
          // TanStack Query's private fields), which the shell's terser leaves as it is: a lower
          // target makes esbuild lower them with helpers declared by `var` at the top of each
          // chunk, that is as globals of the page, and two chunks' helpers of the same minified
          // name replace each other (a remote's standalone page threw on react-router's
          // `static contextType` whenever the query cache's chunk ran last).
          minimizerOptions: { target: REMOTE_MINIFY_TARGET },
        }),
      ]
    : ['...'];

/** The start script, beside main.js; its chunks and styles go in `start/`. */
const START_FILE = 'start.js';
/** The start compilation's files: start.js (and its map) and the folder `start/`. */
const START_FILES = /^start(\.js|\.js\.map$|[\\/])/;
/**
 * Where index.html holds the list of the signed-in shell's scripts and styles, which the login
 * screen prefetches at idle (shell/src/prefetch-signed-in.ts).
 */
const SIGNED_IN_FILES_MARK = '__SIGNED_IN_FILES__';

/**
 * The shell's first script: a separate compilation without module federation, so the login
 * screen downloads React, react-dom and the form only (no federation runtime, no router, no
 * signed-in code). Signed in, it loads main.js. The page reloads at sign-in and logout, so the
 * React in this bundle and the signed-in shell's never meet on one page. shared-ui's modules are
 * side-effect free here (its styles are not), so only the login form's parts are bundled.
 */
function startConfig(app, entry) {
  const hashed = app.mode === 'production' ? '.[contenthash:8]' : '';
  return {
    name: `${app.output.uniqueName}-start`,
    mode: app.mode,
    target: TARGET,
    context: app.context,
    devtool: app.devtool,
    entry: { start: entry },
    output: {
      path: app.output.path,
      publicPath: 'auto',
      uniqueName: `${app.output.uniqueName}-start`,
      filename: '[name].js',
      chunkFilename: `start/[name]${hashed}.js`,
      // Removes its own earlier files only; the other compilations' files stay.
      clean: { keep: (file) => !START_FILES.test(file) },
    },
    resolve: app.resolve,
    module: {
      parser: app.module.parser,
      rules: [...browserModule.rules, sharedUiSideEffectFree],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: `start/[name]${hashed}.css`,
        chunkFilename: `start/[name]${hashed}.css`,
      }),
      new webpack.DefinePlugin({ __BUILT_AGAINST__: JSON.stringify(builtAgainst) }),
      ...(app.mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
    optimization: { minimizer: minimizerFor(false) },
    performance: { hints: false },
    stats: app.stats,
  };
}

/**
 * Writes into index.html every script (`main.js` first) and style sheet of the shell's signed-in
 * build. It runs last (report stage), when real content hashes have given every file its name.
 */
class SignedInFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SignedInFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SignedInFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const names = compilation.getAssets().map((asset) => asset.name);
          const listed = (extension) =>
            names
              .filter((file) => file.endsWith(extension))
              .sort(
                (a, b) => Number(b === 'main.js') - Number(a === 'main.js') || a.localeCompare(b),
              )
              .map((file) => `/${file}`);
          const list = JSON.stringify({ scripts: listed('.js'), styles: listed('.css') });
          compilation.updateAsset('index.html', (html) => {
            const text = html.source().toString();
            if (!text.includes(`"${SIGNED_IN_FILES_MARK}"`)) {
              throw new Error(`index.html has no ${SIGNED_IN_FILES_MARK} to replace`);
            }
            // JSON inside <script>: `<` escaped, so no path can close the element.
            return new webpack.sources.RawSource(
              text.replace(`"${SIGNED_IN_FILES_MARK}"`, () => list.replace(/</g, '\\u003c')),
            );
          });
        },
      );
    });
  }
}

/** The standalone page's federation runtime, a file beside main.js. */
const RUNTIME_PROVIDER_FILE = 'federation-runtime.js';

/** Where a development build writes an app's runtime provider (never into its dist/). */
const devRuntimeDir = (name) => path.join(root, 'node_modules', '.cache', 'web-build-dev', name);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** What the server sends compressed: text files above the size where compressing pays. */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every emitted text file of a production
 * build. The api serves those (`preCompressed` in api/src/web/static.ts) instead of compressing
 * each file again on every request: compressing the signed-in shell's scripts on the fly cost
 * the server tens of milliseconds of CPU on every first load, right when it answers the sign-in.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const out = compilation.outputOptions.path;
      const names = Object.keys(compilation.assets).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(out, name);
          // The test profile writes none, and removes a copy an earlier build left beside a file
          // of the same name (main.js, remoteEntry.js): it would be served instead of the file.
          if (testProfile) {
            await Promise.all([
              rm(`${file}.br`, { force: true }),
              rm(`${file}.gz`, { force: true }),
            ]);
            return;
          }
          const data = await readFile(file);
          if (data.length < COMPRESS_FROM_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}

/** The remotes, as the one list in contract/src/remotes.json describes them. */
export const remotes = list.remotes;

/** Development ports, one per app, so the shell can find remotes running in watch mode. */
export const devPorts = {
  shell: list.shell.port,
  ...Object.fromEntries(remotes.map((remote) => [remote.name, remote.port])),
};

/**
 * A remote's federation exposes: one module per screen, `./<Module>` from the `index.ts` of its
 * folder (`source` in the list, else `src/<Module>`; contract's `screenSource` says the same).
 */
export const exposesOf = (remote) =>
  Object.fromEntries(
    remote.screens.map((screen) => [
      `./${screen.module}`,
      `./${screen.source ?? `src/${screen.module}`}/index.ts`,
    ]),
  );

/**
 * The webpack configuration of the remote named `name`, entirely from its entry in the list.
 * @param {string} name  federation name (`people`, `settings`, ...)
 * @param {string} dir   the remote's folder (`fileURLToPath(new URL('.', import.meta.url))`)
 */
export function createRemoteConfig(name, dir) {
  const remote = remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`no remote named ${name} in contract/src/remotes.json`);
  return createConfig({
    name,
    dir,
    port: remote.port,
    title: `${remote.dir} (standalone)`,
    exposes: exposesOf(remote),
  });
}
