// What the loader's tests (federation.test.ts, integrity.test.ts) share: a stand-in for the
// federation runtime core, a fresh copy of the loader for each test (it remembers registered
// remotes and loaded screens) and the network's answers. Importing it registers the per-test
// setup.
import type { ModuleFederation, UserOptions } from '@module-federation/runtime-core';
import type * as Federation from './federation';

/**
 * The federation runtime core as /federation-runtime.js puts it on its global: the shell creates
 * its federation instance from it. Each instance created records its options and the remotes
 * registered with it; loading a remote is `mockedLoad`.
 */
export let mockedLoad: jest.Mock<Promise<unknown>, [string]>;
export let mockedRegister: jest.Mock<void, [{ name: string; entry: string }[], { force: boolean }]>;
export let created: UserOptions[];
export let madeGlobal: unknown[];
export function fakeRuntimeCore() {
  return {
    ModuleFederation: class {
      constructor(options: UserOptions) {
        created.push(options);
      }
      loadRemote = mockedLoad;
      registerRemotes = mockedRegister;
    },
    setGlobalFederationInstance: (instance: ModuleFederation) => madeGlobal.push(instance),
  };
}
// A fresh copy of the loader per test: it remembers registered remotes and loaded screens.
export let LOAD_TIME_LIMIT_MS: number;
export let RemoteIncompatibleError: typeof Federation.RemoteIncompatibleError;
export let RemoteLoadError: typeof Federation.RemoteLoadError;
export let RemoteUnavailableError: typeof Federation.RemoteUnavailableError;
export let fetchRemoteList: typeof Federation.fetchRemoteList;
export let loadRemoteComponent: typeof Federation.loadRemoteComponent;
export let preloadRemoteComponent: typeof Federation.preloadRemoteComponent;
export let registerRemoteList: typeof Federation.registerRemoteList;
export let remoteServed: typeof Federation.remoteServed;
export type RemoteLoadError = Federation.RemoteLoadError;

export const SHELL_VERSIONS = __BUILT_AGAINST__;

interface Served {
  list: unknown;
  listOk?: boolean;
  manifest?: unknown;
  manifestOk?: boolean;
}

/** Answers /remotes.json with `list` and any other URL (a manifest) with `manifest`. */
export function serve({ list, listOk = true, manifest = {}, manifestOk = true }: Served) {
  global.fetch = jest.fn((url: string) =>
    Promise.resolve(
      url === '/remotes.json'
        ? { ok: listOk, status: listOk ? 200 : 500, json: () => Promise.resolve(list) }
        : {
            ok: manifestOk,
            status: manifestOk ? 200 : 404,
            json: () => Promise.resolve(manifest),
          },
    ),
  ) as unknown as typeof fetch;
}
export const serveList = (list: unknown, listOk = true) => serve({ list, listOk });

export const builtAgainst = (versions: Record<string, string>) => ({
  metaData: { buildInfo: { builtAgainst: versions } },
});

/** The provider script the loader adds to the document, once it is there. */
export async function waitForScript(src: string): Promise<HTMLScriptElement> {
  for (let tries = 0; tries < 50; tries += 1) {
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (script) return script;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no script ${src} was added`);
}

export let screenNumber = 0;
export const nextModule = () => `Screen${(screenNumber += 1)}Page`;

beforeEach(() => {
  jest.resetModules();
  mockedLoad = jest.fn();
  mockedRegister = jest.fn();
  created = [];
  madeGlobal = [];
  ({
    LOAD_TIME_LIMIT_MS,
    RemoteIncompatibleError,
    RemoteLoadError,
    RemoteUnavailableError,
    fetchRemoteList,
    loadRemoteComponent,
    preloadRemoteComponent,
    registerRemoteList,
    remoteServed,
  } = jest.requireActual<typeof Federation>('./federation'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.head.replaceChildren();
  // As once the shell's runtime provider has run (two tests below load it).
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: fakeRuntimeCore() });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});
