// Runtime module federation: the shell learns its remotes from /remotes.json at start (so a
// remote can move or be redeployed without rebuilding the shell) and loads one exposed module per
// screen, in stages: the remote's manifest (checked for compatibility), its entry, the screen's
// chunks. A failed or slow load is retried once by itself; every failure then surfaces as a
// rejected promise naming the stage, which RemoteScreen turns into a Retry panel.
//
// The shell is built without ModuleFederationPlugin: it is a runtime host. Before the first remote
// it loads /federation-runtime.js, which puts the federation runtime core on a global, and creates
// its federation instance from that core, providing its own React, router, query cache, zustand
// and shared-ui (host-shared.ts) to every remote. The login page and the dashboard carry none of
// the federation runtime.
import type { ComponentType } from 'react';
import type {
  ModuleFederation,
  ModuleFederationRuntimePlugin,
  UserOptions,
} from '@module-federation/runtime-core';
import { getToken } from 'shared-ui';
import type { RemoteName } from '../routes/route-table';

/** Remote name -> manifest URL, as served by the API at /remotes.json. */
export type RemoteList = Partial<Record<RemoteName, string>>;

/** The remote is not deployed (absent from /remotes.json). */
export class RemoteUnavailableError extends Error {
  constructor(remote: string) {
    super(`Remote "${remote}" is not deployed`);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Where a remote screen's load failed: what the error panel names. `integrity`: a file's bytes
 * were not the ones its release record gives, and the browser refused to run it.
 */
export type LoadStage = 'manifest' | 'entry' | 'chunk' | 'integrity' | 'render';

/**
 * The SHA-384 of a remote's entry, manifest and chunk table (`integrity` of /remotes.json). A
 * remote hosted elsewhere has its entry's only (REMOTE_<NAME>_SRI).
 */
export interface RemoteIntegrity {
  entry: string;
  manifest?: string;
  chunks?: string;
}

/** A stage of loading a remote screen failed (or did not finish within the time limit). */
export class RemoteLoadError extends Error {
  constructor(
    readonly stage: LoadStage,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

/** The libraries whose versions a remote's manifest records and the shell checks. */
export type CheckedLibrary = keyof typeof __BUILT_AGAINST__;
const CHECKED: readonly CheckedLibrary[] = ['shared-ui', 'contract'];

/** The remote was built against another major version of a library the shell shares with it. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly library: CheckedLibrary,
    readonly remoteVersion: string,
    readonly shellVersion: string,
  ) {
    super(
      `Remote "${remote}" was built against ${library} ${remoteVersion}, the shell runs ${shellVersion}`,
    );
    this.name = 'RemoteIncompatibleError';
  }
}

/**
 * A screen's whole load (the remote list, manifest, entry and chunks, a second attempt
 * included) must finish within this, or the screen shows its panel: a remote host that does not
 * answer costs the user this long, not a "Loading..." without end. The first attempt may take all
 * of it; a second one gets what the first left.
 */
export const LOAD_TIME_LIMIT_MS = 7_500;
const REMOTES_JSON_TIMEOUT_MS = 7_000;

const registered = new Map<string, string>();
/** Manifest URL -> the integrity /remotes.json gave with it (kept for the life of the tab). */
const integrityOf = new Map<string, RemoteIntegrity>();
/** Manifest URL -> the deployed version /remotes.json gave with it. */
const versionOf = new Map<string, string>();
/** Manifest URL -> the load (`health.load` of /remotes.json) that last gave it. */
const loadOf = new Map<string, string>();
/** Manifest URL -> its text, once its bytes matched their integrity: what the runtime reads. */
const verifiedManifests = new Map<string, string>();
/** Remote name -> the entry URL the runtime loaded it from. */
const entryUrls = new Map<string, string>();
/** Manifest URL -> its (successful) compatibility check. */
const checkedManifests = new Map<string, Promise<void>>();
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<ComponentType>>();

/** Logs which remote failed; returning nothing lets the error reach the caller's Retry panel. */
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'office-finance-report-failures',
  errorLoadRemote({ id, error, lifecycle }) {
    console.error(`Could not load remote module ${id} (${lifecycle})`, error);
    return undefined;
  },
};

/** The integrity the shell holds for a remote's registered manifest, if any. */
const integrityForRemote = (name: string): RemoteIntegrity | undefined => {
  const manifestUrl = registered.get(name);
  return manifestUrl ? integrityOf.get(manifestUrl) : undefined;
};

/**
 * Nothing of a remote runs unchecked (docs/decisions/022-staged-rollout.md):
 * - the runtime reads the manifest the shell has verified (its `fetch` hook);
 * - the entry's <script> carries the integrity /remotes.json gives (its `createScript` hook);
 * - the runtime's own early loading of a screen's chunks is turned off (`beforePreloadRemote`):
 *   those scripts would come from the manifest's list, unchecked. The chunks are loaded by the
 *   remote's entry instead, whose loader puts each chunk's SHA-384 on its <script>, from the
 *   version's chunk table the shell read first (provideChunkTable).
 */
export const verifyFiles: ModuleFederationRuntimePlugin = {
  name: 'office-finance-verify-files',
  beforePreloadRemote({ preloadOps }) {
    preloadOps.splice(0);
  },
  fetch(url: string, init: RequestInit) {
    const verified = verifiedManifests.get(url);
    if (verified !== undefined) {
      return Promise.resolve(
        new Response(verified, { headers: { 'Content-Type': 'application/json' } }),
      );
    }
    const integrity = integrityOf.get(url)?.manifest;
    return integrity ? fetch(url, { ...init, integrity }) : undefined;
  },
  createScript({ url, remoteInfo }) {
    if (!remoteInfo) return undefined;
    const integrity = integrityForRemote(remoteInfo.name);
    entryUrls.set(remoteInfo.name, url);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    script.src = url;
    script.integrity = integrity.entry;
    script.crossOrigin = 'anonymous';
    return script;
  },
};

/**
 * True when `url` downloads but not with `integrity` (or, without one, downloads at all after
 * its <script> failed): the browser refused bytes that were not the recorded ones.
 */
export async function wasRefused(url: string, integrity?: string): Promise<boolean> {
  try {
    const plain = await fetch(url, { cache: 'no-store' });
    if (!plain.ok) return false;
    if (!integrity) return true;
    try {
      await fetch(url, { cache: 'no-store', integrity });
      return false;
    } catch {
      return true;
    }
  } catch {
    return false;
  }
}

/** Reads /remotes.json; an unreachable or malformed list means "no remotes", never a crash. */
export async function fetchRemoteList(): Promise<RemoteList> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTES_JSON_TIMEOUT_MS);
  try {
    // Signed in, the server may list a canary version for this user.
    const token = getToken();
    const response = await fetch('/remotes.json', {
      cache: 'no-cache',
      signal: controller.signal,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
    if (!response.ok) return {};
    const body = (await response.json()) as unknown;
    if (!body || typeof body !== 'object') return {};
    noteIntegrity(body as Record<string, unknown>);
    return Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ) as RemoteList;
  } catch (error) {
    console.error('Could not read /remotes.json', error);
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps the integrity and version /remotes.json gives for each manifest URL it lists. */
function noteIntegrity(body: Record<string, unknown>): void {
  const integrity = body.integrity as Record<string, unknown> | undefined;
  const versions = body.versions as Record<string, unknown> | undefined;
  const load = (body.health as { load?: unknown } | undefined)?.load;
  for (const [name, url] of Object.entries(body)) {
    if (typeof url !== 'string') continue;
    lastListed.set(name, url);
    const given = integrity?.[name] as Partial<RemoteIntegrity> | undefined;
    if (given && typeof given.entry === 'string') {
      integrityOf.set(url, {
        entry: given.entry,
        ...(typeof given.manifest === 'string' ? { manifest: given.manifest } : {}),
        ...(typeof given.chunks === 'string' ? { chunks: given.chunks } : {}),
      });
    }
    const version = versions?.[name];
    if (typeof version === 'string') versionOf.set(url, version);
    if (typeof version === 'string' && typeof load === 'string') loadOf.set(url, load);
  }
}

/** Remote name -> the manifest URL the latest read of /remotes.json gave. */
const lastListed = new Map<string, string>();

/** What this tab was served of a remote, as its health reports name it. */
export interface Served {
  /** The deployed version: 'unversioned' for one served from its own build or from elsewhere. */
  version: string;
  /** The load (one answer of /remotes.json to this user) that gave it, when the server named one. */
  load?: string;
}

/**
 * The version of the remote this tab loads (or last tried to) and the load that gave it: the
 * server counts a health report only for what it served this user in that load.
 */
export const remoteServed = (remote: string): Served => {
  const url = registered.get(remote) ?? lastListed.get(remote);
  const version = (url && versionOf.get(url)) || 'unversioned';
  const load = url ? loadOf.get(url) : undefined;
  return load && version !== 'unversioned' ? { version, load } : { version };
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
function federationHost(): Promise<ModuleFederation> {
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

const major = (version: string): string | undefined => /^\D*(\d+)\./.exec(version)?.[1];

/**
 * Reads the remote's manifest and compares the library versions it records with the shell's.
 * A manifest that records none (built before the check existed, or elsewhere) is accepted.
 */
async function checkManifest(remote: RemoteName, url: string, signal: AbortSignal): Promise<void> {
  let manifest: unknown;
  const integrity = integrityOf.get(url)?.manifest;
  try {
    if (integrity) {
      // The browser compares the bytes with the release record's hash before handing them over.
      const response = await fetch(url, { signal, integrity });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const text = await response.text();
      manifest = JSON.parse(text);
      verifiedManifests.set(url, text);
    } else {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      manifest = await response.json();
    }
  } catch (error) {
    if (integrity && !signal.aborted && (await wasRefused(url, integrity))) {
      throw new RemoteLoadError(
        'integrity',
        `The manifest of ${remote} does not match its release record`,
        error,
      );
    }
    throw new RemoteLoadError('manifest', `Could not read the manifest of ${remote}`, error);
  }
  const recorded = (
    manifest as { metaData?: { buildInfo?: { builtAgainst?: Record<string, unknown> } } }
  )?.metaData?.buildInfo?.builtAgainst;
  for (const library of CHECKED) {
    const theirs = recorded?.[library];
    const ours = __BUILT_AGAINST__[library];
    if (typeof theirs === 'string' && major(theirs) !== major(ours)) {
      throw new RemoteIncompatibleError(remote, library, theirs, ours);
    }
  }
}

/** A version's chunk table, beside its manifest, served from its release record. */
export const CHUNK_TABLE_FILE = 'chunk-integrity.json';
/** An integrity no file has: a chunk its table does not name is refused. */
const REFUSED_CHUNK = `sha384-${'A'.repeat(64)}`;

/**
 * Version folder (absolute URL, with its last slash) -> the SHA-384 of each of its chunks by file
 * name; `false` for a remote whose entry is checked but whose files no record of this server
 * holds (hosted elsewhere).
 */
const chunkTables = new Map<string, Readonly<Record<string, string>> | false>();

/**
 * What a remote's chunk loaders call with each chunk's <script> and each chunk stylesheet's
 * <link> (webpack/chunk-integrity-plugin.mjs, which names the global), before it is put in the
 * document: puts on it the file's SHA-384 from the table of the version folder it comes from, or
 * the container's own table (`own`, built in with CHUNK_INTEGRITY_IN_ENTRY=1) when the shell has
 * none for that folder. A folder with a table, or marked `false`, loads no chunk or stylesheet
 * unchecked: the browser neither runs an altered script nor applies an altered stylesheet. A
 * remote served from its own build (no record, no entry hash) is not checked.
 */
export function checkChunkScript(
  script: HTMLScriptElement | HTMLLinkElement,
  url: string,
  own?: Readonly<Record<string, string>> | null,
): void {
  const href = new URL(url, location.href).href.split(/[?#]/)[0] ?? '';
  const cut = href.lastIndexOf('/') + 1;
  const given = chunkTables.get(href.slice(0, cut));
  const table = given || own || (given === false ? {} : undefined);
  if (!table) return;
  const file = href.slice(cut);
  script.integrity = Object.hasOwn(table, file) ? (table[file] as string) : REFUSED_CHUNK;
  // A remote on another origin answers with CORS (it must already, for its manifest).
  script.crossOrigin = 'anonymous';
}
(globalThis as Record<string, unknown>).__CHUNK_INTEGRITY__ = checkChunkScript;

/**
 * Gives the entry's chunk loader the SHA-384 of each chunk of exactly this version, before the
 * remote's first chunk is requested: reads the version's table (its hash from /remotes.json) and
 * keeps it under the version's folder, where checkChunkScript looks for the chunk's folder. A
 * remote whose entry is checked but that has no table (hosted elsewhere, hashed by
 * REMOTE_<NAME>_SRI) is marked `false`: its chunks load only with a table inside its entry.
 */
async function provideChunkTable(
  remote: RemoteName,
  manifestUrl: string,
  signal: AbortSignal,
): Promise<void> {
  const integrity = integrityOf.get(manifestUrl);
  if (!integrity) return;
  const folder = new URL('.', new URL(manifestUrl, location.href)).href;
  if (!integrity.chunks) {
    chunkTables.set(folder, false);
    return;
  }
  if (chunkTables.get(folder)) return;
  const url = new URL(CHUNK_TABLE_FILE, folder).href;
  try {
    const response = await fetch(url, { signal, integrity: integrity.chunks });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    chunkTables.set(folder, Object.freeze((await response.json()) as Record<string, string>));
  } catch (error) {
    if (!signal.aborted && (await wasRefused(url, integrity.chunks))) {
      throw new RemoteLoadError(
        'integrity',
        `The chunk table of ${remote} does not match its release record`,
        error,
      );
    }
    throw new RemoteLoadError('entry', `Could not read the chunk table of ${remote}`, error);
  }
}

const MANIFEST_CODES = /RUNTIME-00[37]|RUNTIME-013/;
const CHUNK_CODES = /RUNTIME-014/;

/** Which stage a failure of loadRemote belongs to (the runtime fetches the entry and chunks). */
function stageOf(error: unknown, remote: RemoteName): LoadStage {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  if (MANIFEST_CODES.test(message)) return 'manifest';
  if (
    name === 'ChunkLoadError' ||
    CHUNK_CODES.test(message) ||
    /Loading (CSS )?chunk/i.test(message)
  ) {
    return 'chunk';
  }
  // Once the entry ran, its container is on the global named after the remote.
  return (globalThis as Record<string, unknown>)[remote] ? 'chunk' : 'entry';
}

/**
 * Whether a failed entry or chunk was refused for its bytes: the entry against the integrity
 * /remotes.json gave; a chunk or a chunk's stylesheet (its expected hash is in the version's
 * chunk table) when it downloads fine but did not load. Only asked for remotes that carry
 * integrity.
 */
async function refusedFile(remote: RemoteName, stage: LoadStage, error: unknown): Promise<boolean> {
  const integrity = integrityForRemote(remote);
  if (!integrity) return false;
  if (stage === 'entry') {
    const url = entryUrls.get(remote);
    return url ? wasRefused(url, integrity.entry) : false;
  }
  if (stage === 'chunk') {
    const request = (error as { request?: unknown; cause?: { request?: unknown } } | null)?.request;
    const url =
      typeof request === 'string'
        ? request
        : /(https?:\/\/\S+?\.(?:js|css))\b/.exec(
            String((error as Error | null)?.message ?? ''),
          )?.[1];
    return url ? wasRefused(url) : false;
  }
  return false;
}

/** Rejects with a RemoteLoadError of the stage reached when `work` takes longer than `limitMs`. */
function withinTimeLimit<T>(
  work: (signal: AbortSignal) => Promise<T>,
  stage: () => LoadStage,
  id: string,
  limitMs: number,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new RemoteLoadError(stage(), `${id} did not load within ${LOAD_TIME_LIMIT_MS} ms`));
    }, limitMs);
    work(controller.signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** One attempt within `limitMs`: list (when needed), manifest check, entry and chunks. */
function attempt(
  remote: RemoteName,
  module: string,
  fresh: boolean,
  limitMs: number,
): Promise<ComponentType> {
  const id = `${remote}/${module}`;
  let stage: LoadStage = 'manifest';
  return withinTimeLimit(
    async (signal) => {
      let entry = registered.get(remote);
      if (fresh || !entry) {
        const list = await fetchRemoteList();
        entry = list[remote];
        if (!entry) throw new RemoteUnavailableError(remote);
      }
      const manifestUrl = entry;
      let check = checkedManifests.get(manifestUrl);
      if (!check || fresh) {
        // The chunk table is read beside the manifest, so it costs the screen no extra wait.
        check = Promise.all([
          checkManifest(remote, manifestUrl, signal),
          provideChunkTable(remote, manifestUrl, signal),
        ]).then(() => undefined);
        const made = check;
        checkedManifests.set(manifestUrl, made);
        const forget = () => {
          if (checkedManifests.get(manifestUrl) === made) checkedManifests.delete(manifestUrl);
        };
        made.catch(forget);
        // A check cut short by the time limit (a host that never answered) is not reused.
        signal.addEventListener('abort', forget);
      }
      await check;
      registerRemoteList({ [remote]: manifestUrl }, fresh);
      stage = 'entry';
      let host: ModuleFederation;
      try {
        host = await federationHost();
      } catch (error) {
        throw new RemoteLoadError('entry', `Could not load ${id}: no federation runtime`, error);
      }
      let exports: Record<string, unknown> | null;
      try {
        exports = await host.loadRemote<Record<string, unknown>>(id);
      } catch (error) {
        const failed = stageOf(error, remote);
        if (await refusedFile(remote, failed, error)) {
          throw new RemoteLoadError(
            'integrity',
            `${id}: a file was refused by its integrity`,
            error,
          );
        }
        throw new RemoteLoadError(failed, `Could not load ${id}`, error);
      }
      const component = exports?.[module] ?? exports?.default;
      if (
        typeof component !== 'function' &&
        (typeof component !== 'object' || component === null)
      ) {
        throw new RemoteLoadError('chunk', `${id} does not export a component named ${module}`);
      }
      return component as ComponentType;
    },
    () => stage,
    id,
    limitMs,
  );
}

const retriable = (error: unknown) => error instanceof RemoteLoadError;

/**
 * Loads `<remote>/<module>` and returns its component (the named export of the same name), or
 * fails within LOAD_TIME_LIMIT_MS. A failed load is tried once more by itself in the time left
 * (none after an attempt that timed out), reading the remote list again and registering the
 * remote afresh. With `retry` (the panel's Retry button), the first attempt already does that,
 * so a remote deployed or fixed since the page loaded works without a reload. Concurrent calls
 * for one screen (a preload, then the click) share one load.
 */
export function loadRemoteComponent(
  remote: RemoteName,
  module: string,
  retry = false,
): Promise<ComponentType> {
  const id = `${remote}/${module}`;
  const cached = loaded.get(id);
  if (cached && !retry) return Promise.resolve(cached);
  const inFlight = pending.get(id);
  if (inFlight && !retry) return inFlight;

  const deadline = Date.now() + LOAD_TIME_LIMIT_MS;
  const load = attempt(remote, module, retry, LOAD_TIME_LIMIT_MS)
    .catch((error: unknown) => {
      const left = deadline - Date.now();
      if (!retriable(error) || left <= 0) throw error;
      console.error(`Loading ${id} failed; trying once more`, error);
      return attempt(remote, module, true, left);
    })
    .then((component) => {
      loaded.set(id, component);
      return component;
    })
    .finally(() => {
      if (pending.get(id) === load) pending.delete(id);
    });
  pending.set(id, load);
  return load;
}

/** Starts loading a screen's remote ahead of a click (hover, focus); failures wait for the click. */
export function preloadRemoteComponent(remote: RemoteName, module: string): void {
  if (loaded.has(`${remote}/${module}`)) return;
  loadRemoteComponent(remote, module).catch(() => undefined);
}
