// How every browser bundle is built from our sources: the target, module resolution (the
// facades, contract's browser entry from source), the loaders, and the minifiers. createConfig (create-config.mjs)
// and the shell's start script (start-config.mjs) use these; tests build with them too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { testProfile } from './precompress-plugin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

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
  // contract is ESM TypeScript with `.js` specifiers; consume it from source like shared-ui. The
  // apps import its browser entry (`contract/browser`: the routes, texts and helpers, no schema).
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  alias: {
    'contract/browser$': path.join(root, 'contract', 'src', 'browser.ts'),
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
      // contract's modules are free of side effects: webpack leaves out a module none of whose
      // exports the apps read (the schema modules behind a re-export of a plain value).
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
 * shared-ui's modules as side-effect free (its styles are not, nor its entry, which imports the
 * design tokens and base styles) in the shell's builds: a screen's bundle carries only the parts
 * of shared-ui it imports, not every module its index re-exports.
 */
export const sharedUiSideEffectFree = {
  include: path.join(root, 'shared-ui', 'src'),
  exclude: [/\.css$/, path.join(root, 'shared-ui', 'src', 'index.ts')],
  sideEffects: false,
};

/** What the remotes' minifier writes (see minimizerFor). */
export const REMOTE_MINIFY_TARGET = 'es2022';

/** A remote's container entry, the one file of a remote that terser minifies. */
const CONTAINER_ENTRY = /^remoteEntry\.js$/;

/**
 * Remotes minify with esbuild: several times faster than terser (a remote's deploy is timed,
 * `npm run bench:web`), a few per cent larger. The shell keeps webpack's default (terser, two
 * passes): its first screens are the ones weighed, and terser writes them a little smaller. So
 * does a remote's container entry (`remoteEntry.js`, budgeted at 5 KB gzipped): a page loads it
 * before any of the remote's screens, and at ~15 KB it costs terser some 0.3 s. The test profile
 * minifies everything with esbuild.
 */
export const minimizerFor = (isRemote) => {
  // ES2022, the syntax the installed libraries ship (react-router 8's static class fields,
  // TanStack Query's private fields), which the shell's terser leaves as it is: a lower target
  // makes esbuild lower them with helpers declared by `var` at the top of each chunk, that is as
  // globals of the page, and two chunks' helpers of the same minified name replace each other (a
  // remote's standalone page threw on react-router's `static contextType` whenever the query
  // cache's chunk ran last).
  const esbuild = (options = {}) =>
    new MinimizerPlugin({
      ...options,
      minify: MinimizerPlugin.esbuildMinify,
      minimizerOptions: { target: REMOTE_MINIFY_TARGET },
    });
  // The test profile (the end-to-end tests' build): esbuild for every script, the shell's too.
  // The tests load the same code; terser's two passes over the shell's chunks cost the build
  // more than all the rest of its minifying.
  if (testProfile) return [esbuild()];
  if (!isRemote) return ['...'];
  return [
    // The container entry: webpack's runtime written for TARGET, which terser leaves in that
    // syntax (it adds no helpers).
    new MinimizerPlugin({
      test: CONTAINER_ENTRY,
      minify: MinimizerPlugin.terserMinify,
      minimizerOptions: { ecma: 2020, compress: { passes: 2 } },
    }),
    esbuild({ exclude: CONTAINER_ENTRY }),
  ];
};
