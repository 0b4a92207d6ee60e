// The library versions a build records as "built against" (mf-manifest.json and
// __BUILT_AGAINST__) change whenever the library's code does, not only when its version is raised.
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtAgainst, libraryVersion } from '../shared.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let copy;

/** A copy of a workspace library (its package.json and src/) to change. */
function library(name) {
  const dir = path.join(copy, name);
  cpSync(path.join(root, name, 'package.json'), path.join(dir, 'package.json'));
  cpSync(path.join(root, name, 'src'), path.join(dir, 'src'), { recursive: true });
  return dir;
}

beforeEach(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'built-against-'));
});
afterEach(() => rmSync(copy, { recursive: true, force: true }));

test('each version is the package version with a hash of the library, major version first', () => {
  for (const name of ['shared-ui', 'contract']) {
    expect(builtAgainst[name]).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(libraryVersion(library(name))).toBe(builtAgainst[name]);
  }
});

test('a change to a source file changes the version, under the same package version', () => {
  const dir = library('shared-ui');
  const before = libraryVersion(dir);
  writeFileSync(path.join(dir, 'src', 'index.ts'), '\n// changed\n', { flag: 'a' });
  const after = libraryVersion(dir);
  expect(after).not.toBe(before);
  expect(after.split('+')[0]).toBe(before.split('+')[0]);
});

test('a new file, a renamed file or a changed package.json changes it too', () => {
  const dir = library('contract');
  const seen = new Set([libraryVersion(dir)]);
  writeFileSync(path.join(dir, 'src', 'added.ts'), 'export const added = 1;\n');
  seen.add(libraryVersion(dir));
  rmSync(path.join(dir, 'src', 'added.ts'));
  writeFileSync(path.join(dir, 'src', 'renamed.ts'), 'export const added = 1;\n');
  seen.add(libraryVersion(dir));
  writeFileSync(path.join(dir, 'package.json'), '{ "version": "1.0.0", "dependencies": {} }');
  seen.add(libraryVersion(dir));
  expect(seen.size).toBe(4);
});

test('a test file is not part of it', () => {
  const dir = library('shared-ui');
  const before = libraryVersion(dir);
  writeFileSync(path.join(dir, 'src', 'extra.test.tsx'), 'test("x", () => {});\n');
  expect(libraryVersion(dir)).toBe(before);
});
