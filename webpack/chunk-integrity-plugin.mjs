// Subresource Integrity for a remote's chunks and stylesheets (docs/decisions/022-staged-rollout.md).
//
// A remote's chunks are loaded by its own webpack runtime (`__webpack_require__.l`, one <script>
// per chunk), which the federation runtime gives no hook for. This plugin makes that loader put
// each chunk's SHA-384 on its <script> as `integrity`: the browser then refuses a chunk whose
// bytes differ from the build's, and nothing of it runs. A chunk's stylesheet is loaded by
// mini-css-extract-plugin's loader (one <link rel="stylesheet"> per CSS chunk); its
// `beforeTagInsert` hook gets the same treatment, so an altered stylesheet is refused (never
// applied) and the chunk that needs it fails to load.
//
// Where the hashes come from: a container (`remoteEntry.js`) carries no table (its size is
// budgeted, decision 006). Its loader hands each chunk's <script> to a function the shell puts on
// `globalThis.__CHUNK_INTEGRITY__`, which finds the chunk's hash in the table of exactly the
// version it comes from (by folder): the shell read that table, from the server's release record,
// before the remote's first chunk was requested, and a chunk missing from it is refused. The
// standalone page (`main.js`) has no shell: it carries its own table, and so does a
// `remoteEntry.js` built with CHUNK_INTEGRITY_IN_ENTRY=1, for a remote hosted elsewhere
// (REMOTE_<NAME>_URL), of which the server has no record; the shell then checks its chunks
// against that table, and refuses them all when the entry (checked by REMOTE_<NAME>_SRI) has none.
//
// The embedded tables are written once every file has its final name and content (after
// webpack's real content hash and the minifier); only the entry files, whose names carry no hash,
// change. webpack-subresource-integrity does the same for a whole app, but keys its table by chunk
// id and expects `output.crossOriginLoading`; this is the few lines a remote needs.
import { createHash } from 'node:crypto';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';

const PLUGIN = 'ChunkIntegrityPlugin';
/** Stands in the runtime code for the table until every chunk's bytes are final. */
const PLACEHOLDER = '__CHUNK_INTEGRITY_TABLE__';
const PLACEHOLDER_LITERAL = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g');

/** `sha384-<base64>`, the form of an `integrity` attribute. */
export const sri = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

/**
 * The shell's function a container's loader calls with each chunk's <script>, its URL and the
 * container's own table (or null): `checkChunkScript` in shell/src/federation/integrity.ts.
 */
export const CHECK_GLOBAL = '__CHUNK_INTEGRITY__';
/** The standalone page's entry chunk (webpack/create-config.mjs). */
const STANDALONE_CHUNK = 'main';
/** An integrity no file has: a chunk missing from its table is refused, not loaded unchecked. */
const REFUSED = '"sha384-" + "A".repeat(64)';

/** The files that carry a table of their own; every other carrier gets `null`. */
const embedsTable = (file) =>
  file !== 'remoteEntry.js' || process.env.CHUNK_INTEGRITY_IN_ENTRY === '1';

export class ChunkIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        PLUGIN,
        (source, chunk) =>
          [
            source,
            // This file's own table, or null (written once every chunk's bytes are final).
            `var integrityOwn = "${PLACEHOLDER}";`,
            ...(chunk.name === STANDALONE_CHUNK
              ? [
                  // The standalone page: no shell, its own table only.
                  'if (integrityOwn) {',
                  '  var integrityFile = url.split("?")[0].split("/").pop();',
                  // A chunk the table does not name is refused: a hash no file has.
                  '  script.integrity = Object.hasOwn(integrityOwn, integrityFile)',
                  `    ? integrityOwn[integrityFile] : ${REFUSED};`,
                  // A remote on another origin answers with CORS (it must already, for its manifest).
                  '  script.crossOrigin = "anonymous";',
                  '}',
                ]
              : [
                  // A container: the shell's function decides, from the version's table.
                  `var integrityCheck = globalThis.${CHECK_GLOBAL};`,
                  'if (integrityCheck) integrityCheck(script, url, integrityOwn);',
                ]),
          ].join('\n'),
      );
      // A CSS chunk's <link>, before it is put in the document (and its download starts): the
      // shell's function decides (a container), or this file's own table (the standalone page).
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(
        PLUGIN,
        (source, { tag, href }) =>
          [
            source,
            `var integrityOwnCss = "${PLACEHOLDER}";`,
            `var integrityCheckCss = globalThis.${CHECK_GLOBAL};`,
            `if (integrityCheckCss) integrityCheckCss(${tag}, ${href}, integrityOwnCss);`,
            'else if (integrityOwnCss) {',
            `  var integrityCssFile = ${href}.split("?")[0].split("/").pop();`,
            `  ${tag}.integrity = Object.hasOwn(integrityOwnCss, integrityCssFile)`,
            `    ? integrityOwnCss[integrityCssFile] : ${REFUSED};`,
            `  ${tag}.crossOrigin = "anonymous";`,
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
                if (!/\.(js|css)$/.test(file) || file.includes('/') || !asset) continue;
                table[file] = sri(asset.source.buffer());
              }
            }
            // By file name, so that the same files always give the same bytes.
            const sorted = Object.fromEntries(
              Object.entries(table).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
            );
            for (const file of carriers) {
              const literal = embedsTable(file) ? JSON.stringify(sorted) : 'null';
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
