// Hot reload with React Fast Refresh for a remote's standalone page (`npm run dev -w <remote>`):
// a saved edit replaces the changed modules in the running page and React re-renders the
// components they export, keeping their state and the session. Development builds of a remote run
// alone only: production and test builds, the shell, and the whole system's `npm run dev` (where
// one page would hold the shell's and every remote's runtime) are built without any of it. Its
// packages are development dependencies, loaded only when such a build is configured.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
/** contract has no components: neither the transform nor the refresh code goes into it. */
const CONTRACT_SRC = path.join(here, '..', 'contract', 'src');
const NOT_REFRESHED = [/node_modules/, CONTRACT_SRC];

/**
 * Whether a build gets hot reload with Fast Refresh: the development build of a remote run alone.
 * `npm run dev` at the root (DEV_WHOLE_SYSTEM) keeps live reload: there the shell's page loads
 * every remote's container, and one page must not hold several refresh runtimes.
 */
export const fastRefreshFor = ({ production, isRemote, env = process.env }) =>
  !production && isRemote && env.DEV_WHOLE_SYSTEM !== '1';

/**
 * The refresh transform: Babel with only `react-refresh/babel`, on the JavaScript esbuild writes
 * (esbuild has no such transform). It registers each component and the hooks it calls, so a new
 * version of a module can replace the old one's components in place. A rule of its own, listed
 * before esbuild's: the loaders of matching rules run from the last to the first, so it gets
 * esbuild's output.
 */
const refreshTransform = () => ({
  test: /\.tsx?$/,
  exclude: NOT_REFRESHED,
  use: {
    loader: require.resolve('babel-loader'),
    options: {
      babelrc: false,
      configFile: false,
      // Only the refresh registrations are added; the code is otherwise left as esbuild wrote it.
      plugins: [[require.resolve('react-refresh/babel'), { skipEnvCheck: true }]],
    },
  },
});

/** Module rules with the refresh transform added ahead of the others (see above). */
export const withRefreshTransform = (module) => ({
  ...module,
  rules: [refreshTransform(), ...module.rules],
});

/** What is put into the page on top of the app: the dev server's client and the refresh runtime. */
const PAGE_ONLY_ENTRIES = [
  /[\\/]webpack-dev-middleware[\\/]client[\\/]index\.js/,
  /[\\/]react-refresh-webpack-plugin[\\/]client[\\/]ReactRefreshEntry\.js/,
];

/**
 * The dev server's client and the refresh runtime go into every entry of the compilation, the
 * remote's container (`remoteEntry.js`) included. The standalone page runs the remote's own entry
 * (`main.js`); a container is loaded by a host page, which has its React and its refresh runtime,
 * if any, of its own: one page, one refresh runtime and one client per build. So both are moved
 * from every entry to the page's entry alone.
 */
class PageEntryOnlyPlugin {
  constructor(entry) {
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.finishMake.tap(
      // After the entries of every plugin are made, before the chunks are formed.
      { name: 'PageEntryOnlyPlugin', stage: Number.MAX_SAFE_INTEGER },
      (compilation) => {
        const page = compilation.entries.get(this.entry);
        if (!page) return;
        const every = compilation.globalEntry.dependencies;
        const moved = every.filter((dependency) =>
          PAGE_ONLY_ENTRIES.some((pattern) => pattern.test(dependency.request ?? '')),
        );
        for (const dependency of moved) every.splice(every.indexOf(dependency), 1);
        // First, as they were: the client and the refresh runtime run before the app's modules.
        page.dependencies.unshift(...moved);
      },
    );
  }
}

/** The plugins of a build with Fast Refresh (`page`: the entry the standalone page runs). */
export function fastRefreshPlugins(page) {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  return [
    // The dev server's client already shows build and runtime errors in its overlay; the plugin's
    // would show them a second time.
    new ReactRefreshPlugin({ overlay: false, exclude: NOT_REFRESHED }),
    new PageEntryOnlyPlugin(page),
  ];
}
