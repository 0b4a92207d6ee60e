// The shell's start script: a compilation of its own, without module federation, that the login
// page loads instead of main.js (createConfig's `start`).
import webpack from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { TARGET, browserModule, minimizerFor, sharedUiSideEffectFree } from './browser-build.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { builtAgainst } from './shared.mjs';

/** The start script, beside main.js; its chunks and styles go in `start/`. */
export const START_FILE = 'start.js';
/** The start compilation's files: start.js (and its map) and the folder `start/`. */
export const START_FILES = /^start(\.js|\.js\.map$|[\\/])/;
/**
 * Where index.html holds the list of the signed-in shell's scripts and styles, which the login
 * screen prefetches at idle (shell/src/prefetch-signed-in.ts).
 */
export const SIGNED_IN_FILES_MARK = '__SIGNED_IN_FILES__';

/**
 * The shell's first script: a separate compilation without module federation, so the login
 * screen downloads React, react-dom and the form only (no federation runtime, no router, no
 * signed-in code). Signed in, it loads main.js. The page reloads at sign-in and logout, so the
 * React in this bundle and the signed-in shell's never meet on one page. shared-ui's modules are
 * side-effect free here (its styles are not), so only the login form's parts are bundled.
 */
export function startConfig(app, entry) {
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

/** The signed-in shell's entrypoint. */
function signedInEntry(compilation) {
  const entry = compilation.entrypoints.get('main');
  if (!entry) throw new Error('the shell has no entry named main');
  return entry;
}

/**
 * The scripts of the chunks the signed-in entry's own imports ask for, without the entry's files:
 * webpack chunk files, which only add module factories to the shell's chunk list and run none.
 */
function warmFiles(compilation) {
  const entry = signedInEntry(compilation);
  const entryFiles = new Set(entry.getFiles());
  const files = [...entry.getChildren()].flatMap((group) => group.getFiles());
  return [...new Set(files)].filter((file) => file.endsWith('.js') && !entryFiles.has(file));
}

/** V8's explicit compile hint: compile every function of the file when the file is compiled. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts V8's compile hint at the top of the chunks the login page runs ahead (`warm` below). The
 * login page compiles them whole, off the main thread, while the user types; the code cache
 * Chromium keeps then holds every function, so the signed-in page compiles none of react-dom's
 * or the router's functions on its main thread while the user waits (about 50 ms of it, measured
 * in a trace of a sign-in). Before the content hashes are computed, so the names, the integrity
 * and the compressed copies are of the files as served; after minification, which drops comments.
 */
export class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        () => {
          for (const file of warmFiles(compilation)) {
            compilation.updateAsset(
              file,
              (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source),
            );
          }
        },
      );
    });
  }
}

/**
 * Writes into index.html every script (the entry, main.js, first) and style sheet of the shell's
 * signed-in build, and under `first` the scripts a signed-in page runs at once: the entry and the
 * chunks its own imports ask for (the dashboard's calls, the bootstrap). The start script puts
 * those in the page together, so they are read side by side rather than one after the other
 * (main.js, then its chunks); their styles the entry's runtime adds, in its order. Under `warm`,
 * those chunks without the entry's own files: chunk files that only register modules, which the
 * login page runs ahead (shell/src/prefetch-signed-in.ts) so that the browser keeps their
 * compiled code; the entry would start the shell, so it is never among them. It runs last
 * (report stage), when real content hashes have given every file its name.
 */
export class SignedInFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SignedInFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SignedInFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = signedInEntry(compilation);
          const mainFile = [...entry.getEntrypointChunk().files].find((file) =>
            file.endsWith('.js'),
          );
          const firstFiles = new Set([
            ...entry.getFiles(),
            ...[...entry.getChildren()].flatMap((group) => group.getFiles()),
          ]);
          const names = compilation.getAssets().map((asset) => asset.name);
          const listed = (files, extension) =>
            files
              .filter((file) => file.endsWith(extension))
              .sort((a, b) => Number(b === mainFile) - Number(a === mainFile) || a.localeCompare(b))
              .map((file) => `/${file}`);
          const list = JSON.stringify({
            scripts: listed(names, '.js'),
            styles: listed(names, '.css'),
            first: listed([...firstFiles], '.js'),
            warm: listed(warmFiles(compilation), '.js'),
          });
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
