// The one list of federation singletons. Every app (host and remotes) passes this same object to
// ModuleFederationPlugin so React, the router, zustand stores, the query cache and shared-ui exist
// once at runtime.
// The `/` keys matter: without them `react-dom/client` and `react/jsx-runtime` are bundled twice.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readPackage = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const sharedUiPackage = readPackage('shared-ui');

/** Tests and their snapshots are not part of what a browser bundle is built from. */
const NOT_BUILT = /(\.test\.[cm]?[jt]sx?|\.snap)$/;

/**
 * A workspace library's version as a build sees it: its package.json version with, as semver
 * build metadata, a hash of what the apps bundle of it (its package.json and every file under
 * `src/` but tests), e.g. `1.0.0+3f9a0c5e21b7`. The version changes with the library's exported
 * API (`npm run version:libraries`) and is what the shell and the deploy compare, by semver's
 * caret range; the hash tells two builds of one version apart.
 */
export function libraryVersion(dir) {
  const hash = createHash('sha256');
  const add = (file) => {
    hash.update(path.relative(dir, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  };
  add(path.join(dir, 'package.json'));
  const files = readdirSync(path.join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_BUILT.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  files.forEach(add);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return `${version}+${hash.digest('hex').slice(0, 12)}`;
}

/**
 * The versions of the workspace libraries an app is built against (`libraryVersion`). Remotes
 * record them in their mf-manifest.json; the shell refuses a remote built against a version its
 * own copy does not serve (another major, or a newer minor).
 */
export const builtAgainst = {
  'shared-ui': libraryVersion(path.join(root, 'shared-ui')),
  contract: libraryVersion(path.join(root, 'contract')),
};

/** Version ranges come from shared-ui, which depends on every shared library. */
const range = (dep) => {
  const wanted = sharedUiPackage.dependencies[dep];
  if (!wanted) throw new Error(`shared-ui/package.json does not depend on ${dep}`);
  return wanted;
};

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/**
 * The router is shared as `react-router.mjs` (the parts the apps use), a file of this folder
 * rather than of the package, so its version is stated: the installed react-router's.
 */
const router = {
  ...singleton(range('react-router')),
  version: createRequire(import.meta.url)('react-router/package.json').version,
};

/**
 * The query cache is shared as `react-query.mjs` (the parts the apps use), so its version is
 * stated like the router's: the installed package's.
 */
const reactQuery = {
  ...singleton(range('@tanstack/react-query')),
  version: createRequire(import.meta.url)('@tanstack/react-query/package.json').version,
};

export const shared = {
  react: singleton(range('react')),
  'react/': singleton(range('react')),
  'react-dom': singleton(range('react-dom')),
  'react-dom/': singleton(range('react-dom')),
  'react-router': router,
  'react-router/': singleton(range('react-router')),
  zustand: singleton(range('zustand')),
  'zustand/': singleton(range('zustand')),
  // One cache of server answers per page: a second copy would be a second, empty cache.
  '@tanstack/react-query': reactQuery,
  '@tanstack/react-query/': singleton(range('@tanstack/react-query')),
  // Workspace package consumed from source: the version is stated so remotes built alone still
  // agree with the shell on which copy wins.
  'shared-ui': {
    singleton: true,
    requiredVersion: `^${sharedUiPackage.version}`,
    version: sharedUiPackage.version,
  },
};

/**
 * The names the remotes consume from the shell, with the installed version the shell provides of
 * each and the range a consumer accepts (the share's `requiredVersion` above): `react/jsx-runtime`
 * and the other subpaths under their package's `/` key. The shell is built without
 * ModuleFederationPlugin and provides these itself, as `shared` of the federation instance it
 * creates at runtime (shell/src/federation/host-shared.ts, through `__HOST_SHARED__`); a name
 * missing here would make every remote load its own copy of that module.
 */
const HOST_PROVIDES = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react/'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom/'],
  ['react-router', 'react-router'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['zustand', 'zustand'],
  ['zustand/vanilla', 'zustand/'],
  ['zustand/react', 'zustand/'],
  ['shared-ui', 'shared-ui'],
];

/** A package's name from a module name: `react` from `react/jsx-runtime`. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** The installed version of a package, as shared-ui (which depends on each of them) resolves it. */
const installedVersion = (name) =>
  createRequire(path.join(root, 'shared-ui', 'package.json'))(`${name}/package.json`).version;

/** `name` -> `{ version, requiredVersion }` of each module the shell provides to the remotes. */
export const hostShared = Object.fromEntries(
  HOST_PROVIDES.map(([name, key]) => {
    const pkg = packageOf(name);
    const version = shared[pkg].version ?? installedVersion(pkg);
    return [name, { version, requiredVersion: shared[key].requiredVersion }];
  }),
);
