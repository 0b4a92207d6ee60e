// The chunk-integrity plugin: a remote's container (`remoteEntry.js`) carries no table of its
// chunks' hashes and hands each chunk's <script> to the shell's function; the standalone page's
// `main.js` carries its own table; a container built with CHUNK_INTEGRITY_IN_ENTRY=1 (for a remote
// hosted elsewhere) carries one too, which it hands to the shell's function. A chunk's stylesheet
// is treated like its script: its <link> goes through the same function, or the page's own table.
import { afterAll, afterEach, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { CHECK_GLOBAL, ChunkIntegrityPlugin, sri } from '../chunk-integrity-plugin.mjs';
import { buildOnce } from './build-once.mjs';

const outs = [];
afterEach(() => delete process.env.CHUNK_INTEGRITY_IN_ENTRY);
afterAll(() => outs.forEach((out) => rmSync(out, { recursive: true, force: true })));

/** Builds the fixture as a standalone page (`main`) and a container (`remoteEntry`). */
async function build(fixture = './fixtures/class-fields-entry.mjs') {
  const out = mkdtempSync(path.join(tmpdir(), 'web-build-integrity-'));
  outs.push(out);
  await buildOnce({
    entry: { main: fixture, remoteEntry: fixture },
    output: { path: out, filename: '[name].js', chunkFilename: 'chunk.[contenthash:8].js' },
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
    plugins: [
      new MiniCssExtractPlugin({ chunkFilename: 'chunk.[contenthash:8].css' }),
      new ChunkIntegrityPlugin(),
    ],
  });
  const read = (file) => readFileSync(path.join(out, file), 'utf8');
  const chunks = readdirSync(out).filter((file) => file.startsWith('chunk.'));
  const table = Object.fromEntries(
    chunks.map((file) => [file, sri(readFileSync(path.join(out, file)))]),
  );
  return { main: read('main.js'), entry: read('remoteEntry.js'), table };
}

test('the container carries no table and asks the shell; the standalone page carries its own', async () => {
  const { main, entry, table } = await build();
  expect(Object.keys(table)).toHaveLength(1);
  expect(main).toContain(JSON.stringify(table));
  expect(main).not.toContain(CHECK_GLOBAL);
  expect(entry).toContain(`globalThis.${CHECK_GLOBAL}`);
  expect(entry).not.toContain('sha384-');
});

test('a container built for another origin carries its table and hands it to the shell', async () => {
  process.env.CHUNK_INTEGRITY_IN_ENTRY = '1';
  const { entry, table } = await build();
  expect(entry).toContain(JSON.stringify(table));
  expect(entry).toContain(`globalThis.${CHECK_GLOBAL}`);
});

test("a chunk's stylesheet is in the tables and its <link> goes through the same check", async () => {
  const { main, entry, table } = await build('./fixtures/styled-entry.mjs');
  const files = Object.keys(table).sort();
  expect(files.map((file) => path.extname(file)).sort()).toEqual(['.css', '.js']);
  // The standalone page: its own table names the stylesheet with its hash.
  expect(main).toContain(JSON.stringify(table));
  // The container: both loaders (script and stylesheet) ask the shell, and it carries no hash.
  expect(entry.split(`globalThis.${CHECK_GLOBAL}`)).toHaveLength(3);
  expect(entry).not.toMatch(/sha384-[A-Za-z0-9+/]{16}/);

  process.env.CHUNK_INTEGRITY_IN_ENTRY = '1';
  const elsewhere = await build('./fixtures/styled-entry.mjs');
  expect(elsewhere.entry).toContain(JSON.stringify(elsewhere.table));
  expect(Object.keys(elsewhere.table).some((file) => file.endsWith('.css'))).toBe(true);
});
