/** The workspace library versions the shell was built against (webpack DefinePlugin). */
declare const __BUILT_AGAINST__: Readonly<Record<'shared-ui' | 'contract', string>>;

/**
 * The modules the shell provides to the remotes, with the installed version of each and the
 * range a remote accepts (webpack DefinePlugin, from `hostShared` in webpack/shared.mjs).
 */
declare const __HOST_SHARED__: Readonly<
  Record<
    | 'react'
    | 'react/jsx-runtime'
    | 'react-dom'
    | 'react-dom/client'
    | 'react-router'
    | '@tanstack/react-query'
    | 'zustand'
    | 'zustand/vanilla'
    | 'zustand/react'
    | 'shared-ui',
    { readonly version: string; readonly requiredVersion: string }
  >
>;
