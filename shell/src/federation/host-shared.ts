// The modules the shell provides to the remotes as federation singletons: its own React,
// react-dom, router, query cache, zustand and shared-ui, so a page runs one of each. The shell is
// built without ModuleFederationPlugin; federation.ts loads this module (a chunk of its own) only
// when the first remote screen loads, so the parts of these libraries that only remotes use
// (e.g. shared-ui components the dashboard does not render) stay off the dashboard.
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouter from 'react-router';
import * as SharedUi from 'shared-ui';
import * as Zustand from 'zustand';
import * as ZustandReact from 'zustand/react';
import * as ZustandVanilla from 'zustand/vanilla';

/** A module provided to the remotes, in the form the federation runtime's `shared` takes. */
export interface HostShare {
  version: string;
  lib: () => object;
  shareConfig: { singleton: true; requiredVersion: string };
}

export type HostSharedName = keyof typeof __HOST_SHARED__;

/** The shell's own module object of each name (for the router and the query cache, the facades). */
const MODULES: Record<HostSharedName, object> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router': ReactRouter,
  '@tanstack/react-query': ReactQuery,
  zustand: Zustand,
  'zustand/vanilla': ZustandVanilla,
  'zustand/react': ZustandReact,
  'shared-ui': SharedUi,
};

/** The `shared` option of the shell's federation instance. */
export function hostShared(): Record<HostSharedName, HostShare> {
  return Object.fromEntries(
    (Object.keys(__HOST_SHARED__) as HostSharedName[]).map((name) => {
      const { version, requiredVersion } = __HOST_SHARED__[name];
      const module = MODULES[name];
      return [
        name,
        { version, lib: () => module, shareConfig: { singleton: true, requiredVersion } },
      ];
    }),
  ) as Record<HostSharedName, HostShare>;
}

/** The names the shell's shared-ui exports (what a remote may import of it). */
export const sharedUiExports = (): string[] => Object.keys(SharedUi);
