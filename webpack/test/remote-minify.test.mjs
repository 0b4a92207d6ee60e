// The remotes' minifier (minimizerFor(true), esbuild) declares nothing at the top of a chunk: a
// chunk is a classic script, so a top-level `var` is a global of the page, and two chunks' helpers
// of the same minified name replaced each other at runtime.
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimizerFor, TARGET } from '../create-config.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const here = path.dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(path.join(tmpdir(), 'web-build-minify-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('a chunk with class fields is minified without top-level helpers', async () => {
  const compiler = webpack({
    mode: 'production',
    target: TARGET,
    context: here,
    entry: './fixtures/class-fields-entry.mjs',
    output: { path: out, filename: 'main.js', chunkFilename: 'chunk.[id].js' },
    optimization: { minimizer: minimizerFor(true) },
    devtool: false,
    performance: { hints: false },
  });
  const stats = await new Promise((done, fail) =>
    compiler.run((error, result) => (error ? fail(error) : done(result))),
  );
  await new Promise((done) => compiler.close(done));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const chunks = readdirSync(out).filter((file) => file.startsWith('chunk.'));
  expect(chunks).toHaveLength(1);
  const chunk = readFileSync(path.join(out, chunks[0]), 'utf8');
  expect(chunk).toContain('contextType');
  expect(chunk).not.toMatch(/^("use strict";)?\s*(var|let|const|function|class) /);
});
