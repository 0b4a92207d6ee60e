// Production builds: a Brotli and a gzip copy beside each text file, which the api sends as they
// are (api/src/web/static.ts).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * BUILD_PROFILE=test: the production build the end-to-end tests drive, less what only a deployed
 * build uses: no source maps and no Brotli/gzip copies (the server sends the files themselves
 * when no copy is beside them). The bundles are the same minified, hashed files. Any other value,
 * or none, is the production build.
 */
export const testProfile = process.env.BUILD_PROFILE === 'test';

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
export class PrecompressPlugin {
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
