// The one list of federation singletons. Every app (host and remotes) passes this same object to
// ModuleFederationPlugin so React, the router, zustand stores, the query cache and shared-ui exist
// once at runtime.
// The `/` keys matter: without them `react-dom/client` and `react/jsx-runtime` are bundled twice.
import { readFileSync } from 'node:fs';

const readPackage = (dir) =>
  JSON.parse(readFileSync(new URL(`../${dir}/package.json`, import.meta.url), 'utf8'));
const sharedUiPackage = readPackage('shared-ui');

/**
 * The versions of the workspace libraries an app is built against. Remotes record them in their
 * mf-manifest.json; the shell refuses a remote built against another major version.
 */
export const builtAgainst = {
  'shared-ui': sharedUiPackage.version,
  contract: readPackage('contract').version,
};

/** Version ranges come from shared-ui, which depends on every shared library. */
const range = (dep) => {
  const wanted = sharedUiPackage.dependencies[dep];
  if (!wanted) throw new Error(`shared-ui/package.json does not depend on ${dep}`);
  return wanted;
};

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/**
 * The router is shared as `react-router-dom.mjs` (the parts the apps use), a file of this folder
 * rather than of the package, so its version is stated: the installed react-router's.
 */
const router = {
  ...singleton(range('react-router-dom')),
  version: JSON.parse(
    readFileSync(new URL('../node_modules/react-router/package.json', import.meta.url), 'utf8'),
  ).version,
};

export const shared = {
  react: singleton(range('react')),
  'react/': singleton(range('react')),
  'react-dom': singleton(range('react-dom')),
  'react-dom/': singleton(range('react-dom')),
  'react-router': router,
  'react-router/': singleton(range('react-router-dom')),
  'react-router-dom': router,
  zustand: singleton(range('zustand')),
  'zustand/': singleton(range('zustand')),
  // One cache of server answers per page: a second copy would be a second, empty cache.
  '@tanstack/react-query': singleton(range('@tanstack/react-query')),
  '@tanstack/react-query/': singleton(range('@tanstack/react-query')),
  // Workspace package consumed from source: the version is stated so remotes built alone still
  // agree with the shell on which copy wins.
  'shared-ui': {
    singleton: true,
    requiredVersion: `^${sharedUiPackage.version}`,
    version: sharedUiPackage.version,
  },
};
