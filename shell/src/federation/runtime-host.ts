// The shell as a runtime host: its federation instance, created from the runtime core of
// /federation-runtime.js before the first remote loads, and the remotes registered with it.
import type {
  ModuleFederation,
  ModuleFederationRuntimePlugin,
  UserOptions,
} from '@module-federation/runtime-core';
import type { RemoteList } from './errors';
import { verifyFiles } from './integrity';
import { registered } from './remote-list';

/** Logs which remote failed; returning nothing lets the error reach the caller's Retry panel. */
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'office-finance-report-failures',
  errorLoadRemote({ id, error, lifecycle }) {
    console.error(`Could not load remote module ${id} (${lifecycle})`, error);
    return undefined;
  },
};

/** Remote name -> manifest URL, for the remotes the host does not know yet. */
const toRegister = new Map<string, string>();

/**
 * Notes new or moved remotes; `force` also drops a remote's cached (possibly failed) load. The
 * shell's federation instance registers them once it exists (before the first remote loads), so
 * reading the list costs the dashboard no federation runtime.
 */
export function registerRemoteList(list: RemoteList, force = false): void {
  const changed = Object.entries(list).filter(
    ([name, entry]) => force || registered.get(name) !== entry,
  );
  for (const [name, entry] of changed) {
    registered.set(name, entry as string);
    toRegister.set(name, entry as string);
  }
  if (hostInstance) registerNoted(hostInstance);
}

/** Registers the noted remotes with the shell's federation instance. */
function registerNoted(instance: ModuleFederation): void {
  if (toRegister.size === 0) return;
  const remotes = [...toRegister].map(([name, entry]) => ({ name, entry }));
  toRegister.clear();
  // `force` replaces a registered remote of the same name (a new version, or a retry).
  instance.registerRemotes(remotes, { force: true });
}

/** Where remote entries look for the federation runtime core (webpack/create-config.mjs). */
const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';
/** The part of the runtime core the shell uses to create its federation instance. */
interface RuntimeCore {
  ModuleFederation: new (options: UserOptions) => ModuleFederation;
  setGlobalFederationInstance: (instance: ModuleFederation) => void;
}
/** The shell's build of the runtime core provider, beside its main.js. */
export const RUNTIME_PROVIDER_URL = '/federation-runtime.js';
let runtimeCoreLoad: Promise<void> | undefined;

/**
 * Remotes share one federation runtime core, taken from a global. The shell puts it there before
 * the first remote loads, so the login page and the dashboard never download it.
 */
function ensureRuntimeCore(): Promise<void> {
  if ((globalThis as Record<string, unknown>)[RUNTIME_CORE_GLOBAL]) return Promise.resolve();
  runtimeCoreLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RUNTIME_PROVIDER_URL;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      runtimeCoreLoad = undefined;
      reject(new Error(`Could not load ${RUNTIME_PROVIDER_URL}`));
    };
    document.head.appendChild(script);
  });
  return runtimeCoreLoad;
}

let hostInstance: ModuleFederation | undefined;
let hostLoad: Promise<ModuleFederation> | undefined;

/**
 * The shell's federation instance, created once, before the first remote loads: from the runtime
 * core of /federation-runtime.js (the one the remotes' entries use), with the shell's own modules
 * as the shared singletons (host-shared.ts, a chunk of its own) and the remotes noted so far.
 */
export function federationHost(): Promise<ModuleFederation> {
  if (hostInstance) return Promise.resolve(hostInstance);
  if (hostLoad) return hostLoad;
  const load = (async () => {
    const [, { hostShared }] = await Promise.all([ensureRuntimeCore(), import('./host-shared')]);
    const core = (globalThis as Record<string, unknown>)[RUNTIME_CORE_GLOBAL] as RuntimeCore;
    const instance = new core.ModuleFederation({
      id: 'shell',
      name: 'shell',
      remotes: [],
      shared: hostShared(),
      // A remote takes the shared module already loaded (the shell's) instead of every remote's
      // entry being loaded first to compare versions: one offline remote cannot block the others.
      shareStrategy: 'loaded-first',
      plugins: [reportFailures, verifyFiles],
    });
    core.setGlobalFederationInstance(instance);
    hostInstance = instance;
    registerNoted(instance);
    return instance;
  })();
  hostLoad = load;
  // A failed start (the provider or the chunk did not load) is tried again by the next attempt.
  load.catch(() => {
    if (hostLoad === load) hostLoad = undefined;
  });
  return load;
}
