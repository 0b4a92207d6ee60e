// Subresource Integrity for a remote's chunks (docs/decisions/022-staged-rollout.md).
//
// A remote's chunks are loaded by its own webpack runtime (`__webpack_require__.l`, one <script>
// per chunk), which the federation runtime gives no hook for. This plugin writes, into every
// file that carries that runtime (`remoteEntry.js`, and the standalone page's `main.js`), the
// SHA-384 of every other JavaScript file of the build, and makes the loader put it on the
// <script> as `integrity`: the browser then refuses a chunk whose bytes differ from the build's,
// and nothing of it runs. The entry itself is checked by the shell against the hash its release
// record gives in /remotes.json, so the chain starts from the server.
//
// The hashes are written once every file has its final name and content (after webpack's real
// content hash and the minifier); only the entry files, whose names carry no hash, change.
// webpack-subresource-integrity does the same for a whole app, but keys its table by chunk id
// and expects `output.crossOriginLoading`; this is the few lines a remote needs.
import { createHash } from 'node:crypto';
import webpack from 'webpack';

const PLUGIN = 'ChunkIntegrityPlugin';
/** Stands in the runtime code for the table until every chunk's bytes are final. */
const PLACEHOLDER = '__CHUNK_INTEGRITY_TABLE__';
const PLACEHOLDER_LITERAL = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g');

/** `sha384-<base64>`, the form of an `integrity` attribute. */
export const sri = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

export class ChunkIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        PLUGIN,
        (source) =>
          [
            source,
            // The file name without query: chunks sit at the top of the build's folder.
            `var integrityTable = "${PLACEHOLDER}";`,
            'var integrityFile = url.split("?")[0].split("/").pop();',
            'if (Object.prototype.hasOwnProperty.call(integrityTable, integrityFile)) {',
            '  script.integrity = integrityTable[integrityFile];',
            // A remote on another origin answers with CORS (it must already, for its manifest).
            '  script.crossOrigin = "anonymous";',
            '}',
          ].join('\n'),
      );
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          // Each file carrying the loader gets the chunks its own runtime can load (the
          // container's, or the standalone page's), not every file of the build.
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            const carriers = [...chunk.files].filter((file) => {
              const asset = compilation.getAsset(file);
              return (
                file.endsWith('.js') &&
                asset !== undefined &&
                asset.source.source().toString().includes(PLACEHOLDER)
              );
            });
            if (carriers.length === 0) continue;
            const table = {};
            for (const loadable of chunk.getAllAsyncChunks()) {
              for (const file of loadable.files) {
                const asset = compilation.getAsset(file);
                if (!file.endsWith('.js') || file.includes('/') || !asset) continue;
                table[file] = sri(asset.source.buffer());
              }
            }
            const literal = JSON.stringify(table);
            for (const file of carriers) {
              const asset = compilation.getAsset(file);
              const text = asset.source.source().toString();
              const replaced = new webpack.sources.ReplaceSource(asset.source);
              for (const match of text.matchAll(PLACEHOLDER_LITERAL)) {
                replaced.replace(match.index, match.index + match[0].length - 1, literal);
              }
              compilation.updateAsset(file, replaced);
            }
          }
        },
      );
    });
  }
}
