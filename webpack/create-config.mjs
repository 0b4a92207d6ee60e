// Builds the webpack configuration of one app (the shell or a remote). Every app's
// webpack.config.mjs calls this (a remote through createRemoteConfig, from the one list), so federation settings,
// loaders and the dev server behave the same everywhere.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { builtAgainst, hostShared, shared } from './shared.mjs';
import { ChunkIntegrityPlugin } from './chunk-integrity-plugin.mjs';
import { SingleShareRuntimePlugin } from './single-share-runtime-plugin.mjs';
import { SharedUiExportsPlugin, sharedUiImports } from './shared-ui-exports.mjs';
import {
  TARGET,
  browserModule,
  browserResolve,
  minimizerFor,
  sharedUiSideEffectFree,
} from './browser-build.mjs';
import { devRuntimeDir, devServerOptions } from './dev-server.mjs';
import { fastRefreshFor, fastRefreshPlugins, withRefreshTransform } from './fast-refresh.mjs';
import { PrecompressPlugin, testProfile } from './precompress-plugin.mjs';
import {
  SIGNED_IN_FILES_MARK,
  SignedInFilesPlugin,
  CompileHintsPlugin,
  START_FILE,
  START_FILES,
  startConfig,
} from './start-config.mjs';
// The one list of the remotes (names, folders, dev ports, screens); the shell and the api import it too.
import list from '../contract/src/remotes.json' with { type: 'json' };

export {
  REMOTE_MINIFY_TARGET,
  TARGET,
  browserModule,
  browserResolve,
  minimizerFor,
} from './browser-build.mjs';
export { devPortOf } from './dev-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

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
    // Hot reload with React Fast Refresh: the development build of a remote run alone
    // (fast-refresh.mjs); every other build is made without it.
    const refresh = fastRefreshFor({ production, isRemote });
    const appModule = isRemote
      ? browserModule
      : { ...browserModule, rules: [...browserModule.rules, sharedUiSideEffectFree] };

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
        // A remote's entry chunks keep stable names: its federation runtime module needs the
        // entry's file name before content hashes exist. They are served no-cache, and index.html
        // references them with a ?hash query. The shell's main.js is content-hashed like every
        // other chunk (kept, not asked again, by a signed-in page): its start script finds its
        // name in index.html's list of the signed-in files.
        filename: start ? `[name]${hashed}.js` : '[name].js',
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // The runtime provider and the start script (other compilations, below) write into the
        // same folder.
        clean: { keep: (file) => file.startsWith(RUNTIME_PROVIDER_FILE) || START_FILES.test(file) },
      },
      resolve: browserResolve,
      // The shell's own build does not share shared-ui through federation: it bundles only the
      // parts its screens import, and provides the whole of it to the remotes from a lazy chunk.
      module: refresh ? withRefreshTransform(appModule) : appModule,
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
        // The federation's share runtime only: webpack's own is replaced before it could run.
        ...(isRemote ? [remoteFederation(name, exposes), new SingleShareRuntimePlugin()] : []),
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
        ...(start ? [new SignedInFilesPlugin(), new CompileHintsPlugin()] : []),
        // What a remote imports of shared-ui (its manifest), what the shell provides of it
        // (shared-ui-exports.json): the deploy's and the shell's checks compare them.
        new SharedUiExportsPlugin({ remote: isRemote }),
        ...(production ? [new PrecompressPlugin()] : []),
        ...(refresh ? fastRefreshPlugins('main') : []),
      ],
      optimization: {
        // A remote must not use runtimeChunk 'single' (its container needs its own runtime).
        runtimeChunk: false,
        minimizer: minimizerFor(isRemote),
      },
      externals: isRemote ? [bundlerRuntimeExternal] : undefined,
      performance: { hints: false },
      stats: production ? 'normal' : 'minimal',
      devServer: devServerOptions({ name, port, devRoutes, hot: refresh }),
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
      // bundling and minifying the runtime again. Not in the test profile: CI makes the
      // end-to-end tests' build once, on a fresh clone, where the cache was only ever written,
      // never read (writing it cost each app's build some 2 s of processor time); a developer
      // who runs the end-to-end tests again locally pays the runtime's few seconds each time.
      cache: testProfile
        ? false
        : {
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

/** The standalone page's federation runtime, a file beside main.js. */
const RUNTIME_PROVIDER_FILE = 'federation-runtime.js';

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
