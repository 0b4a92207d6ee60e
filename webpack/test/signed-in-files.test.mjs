// The shell's list of its signed-in files in index.html (SignedInFilesPlugin), and V8's compile
// hint on the chunks the login page runs ahead (CompileHintsPlugin): built for real, as the
// shell's production build runs them.
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import {
  COMPILE_HINT,
  CompileHintsPlugin,
  SIGNED_IN_FILES_MARK,
  SignedInFilesPlugin,
} from '../start-config.mjs';
import { buildOnce } from './build-once.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

const out = mkdtempSync(path.join(tmpdir(), 'web-build-signed-in-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Puts an index.html with the list's mark among the assets, as the shell's HTML plugin does. */
class IndexHtml {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('IndexHtml', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'IndexHtml', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const html = `<script type=application/json id=signed-in-files>"${SIGNED_IN_FILES_MARK}"</script>`;
          compilation.emitAsset('index.html', new webpack.sources.RawSource(html));
        },
      );
    });
  }
}

async function build() {
  await buildOnce({
    entry: { main: './fixtures/signed-in-entry.mjs' },
    output: {
      path: out,
      filename: 'main.[contenthash:8].js',
      chunkFilename: '[id].[contenthash:8].js',
    },
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
    plugins: [
      new MiniCssExtractPlugin({ chunkFilename: '[id].[contenthash:8].css' }),
      new IndexHtml(),
      new SignedInFilesPlugin(),
      new CompileHintsPlugin(),
    ],
  });
  const read = (file) => readFileSync(path.join(out, file.replace(/^\//, '')), 'utf8');
  const html = read('index.html');
  const list = JSON.parse(/id=signed-in-files>(.*)<\/script>/.exec(html)[1]);
  return { list, read, files: readdirSync(out) };
}

test('the list names main.js first, the chunks its imports ask for, and those chunks to run ahead', async () => {
  const { list, files } = await build();
  const scripts = files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
  const main = scripts.find((file) => file.startsWith('/main.'));
  const chunks = scripts.filter((file) => file !== main);
  expect(chunks).toHaveLength(2);
  expect(list.scripts).toEqual([main, ...chunks.sort()]);
  expect(list.styles).toEqual(files.filter((file) => file.endsWith('.css')).map((f) => `/${f}`));
  expect(list.first).toEqual([main, ...chunks.sort()]);
  // main.js would start the shell: it is never run ahead.
  expect(list.warm).toEqual(chunks.sort());
});

test('the chunks run ahead, and only they, begin with the compile hint, in every name and copy', async () => {
  const { list, read } = await build();
  for (const file of list.warm) {
    const text = read(file);
    expect(text.startsWith(COMPILE_HINT)).toBe(true);
    // After minification: the chunk itself is still minified, on the line after the hint.
    expect(text.slice(COMPILE_HINT.length)).not.toContain('\n  ');
  }
  expect(read(list.first[0])).not.toContain('allFunctionsCalledOnLoad');
});
