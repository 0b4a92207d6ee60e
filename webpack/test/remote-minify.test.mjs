// The remotes' minifier (minimizerFor(true), esbuild) declares nothing at the top of a chunk: a
// chunk is a classic script, so a top-level `var` is a global of the page, and two chunks' helpers
// of the same minified name replaced each other at runtime.
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { minimizerFor } from '../create-config.mjs';
import { buildOnce } from './build-once.mjs';

const out = mkdtempSync(path.join(tmpdir(), 'web-build-minify-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('a chunk with class fields is minified without top-level helpers', async () => {
  await buildOnce({
    entry: './fixtures/class-fields-entry.mjs',
    output: { path: out, filename: 'main.js', chunkFilename: 'chunk.[id].js' },
    optimization: { minimizer: minimizerFor(true) },
  });
  const chunks = readdirSync(out).filter((file) => file.startsWith('chunk.'));
  expect(chunks).toHaveLength(1);
  const chunk = readFileSync(path.join(out, chunks[0]), 'utf8');
  expect(chunk).toContain('contextType');
  expect(chunk).not.toMatch(/^("use strict";)?\s*(var|let|const|function|class) /);
});
