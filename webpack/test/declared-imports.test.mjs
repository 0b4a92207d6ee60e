// This package declares every package it uses, and reaches other packages only through their
// public entries: no path into a package's node_modules, dist/ or build/ folders.
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const sources = readdirSync(dir).filter((file) => /\.(mjs|cjs|js)$/.test(file));

/** Every module a file names: imports, re-exports, require() and webpack loaders by name. */
function specifiers(file) {
  // Comments left out: a JSDoc type such as `import('express')` is not a module the build loads.
  const text = readFileSync(path.join(dir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /\bfrom\s+'([^']+)'/g,
    /\bimport\s+'([^']+)'/g,
    /\bimport\('([^']+)'\)/g,
    /\brequire\('([^']+)'\)/g,
    /\brequire\.resolve\('([^']+)'\)/g,
    /'([\w@/-]+-loader)'/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const used = sources.flatMap((file) => specifiers(file).map((specifier) => ({ file, specifier })));

/**
 * What only a remote's standalone development server loads (hot reload with React Fast Refresh):
 * its packages are development dependencies, required only when such a build is configured.
 */
const DEVELOPMENT_ONLY = ['fast-refresh.mjs'];

test('every package the build uses is among its dependencies', () => {
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const forDevelopment = new Set([...declared, ...Object.keys(manifest.devDependencies ?? {})]);
  const bare = used.filter(
    ({ specifier }) => !/^(node:|\.|#)/.test(specifier) && !specifier.endsWith('.json'),
  );
  expect(bare.length).toBeGreaterThan(5);
  expect(
    bare.filter(({ file, specifier }) =>
      DEVELOPMENT_ONLY.includes(file)
        ? !forDevelopment.has(packageOf(specifier))
        : !declared.has(packageOf(specifier)),
    ),
  ).toEqual([]);
});

test('the development-only packages are loaded only when a development build asks for them', () => {
  const developmentOnly = used.filter(({ file }) => DEVELOPMENT_ONLY.includes(file));
  expect(developmentOnly.map(({ specifier }) => specifier)).toEqual(
    expect.arrayContaining(['@pmmmwh/react-refresh-webpack-plugin', 'babel-loader']),
  );
  // Required inside functions, not imported: a production build never loads them.
  for (const file of DEVELOPMENT_ONLY) {
    expect(readFileSync(path.join(dir, file), 'utf8')).not.toMatch(
      /^import [^;]* from '(?!node:|\.|#)/m,
    );
  }
});

test("the package's own names (#...) lead to dependencies' public entries", () => {
  const names = used.filter(({ specifier }) => specifier.startsWith('#'));
  expect(names.length).toBeGreaterThan(0);
  for (const { specifier } of names) {
    const target = manifest.imports?.[specifier];
    expect({ specifier, target }).toEqual({ specifier, target: expect.any(String) });
    expect(Object.keys(manifest.dependencies)).toContain(packageOf(target));
    expect(target).toBe(packageOf(target));
  }
});

test('nothing reaches into another package’s files', () => {
  expect(
    used.filter(({ specifier }) => /(^|\/)(node_modules|dist|build)(\/|$)/.test(specifier)),
  ).toEqual([]);
});
