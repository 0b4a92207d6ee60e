// Runtime module federation: the shell learns its remotes from /remotes.json at start (so a
// remote can move or be redeployed without rebuilding the shell) and loads one exposed module per
// screen, in stages: the remote's manifest (checked for compatibility), its entry, the screen's
// chunks. A failed load is retried once by itself in the time the screen's limit leaves; every
// failure then surfaces as a rejected promise naming the stage, which RemoteScreen turns into a
// Retry panel. This file is the loading; the remote list (remote-list.ts), the integrity checks
// (integrity.ts) and the runtime host (runtime-host.ts) are beside it.
//
// The shell is built without ModuleFederationPlugin: it is a runtime host. Before the first remote
// it loads /federation-runtime.js, which puts the federation runtime core on a global, and creates
// its federation instance from that core, providing its own React, router, query cache, zustand
// and shared-ui (host-shared.ts) to every remote. The login page and the dashboard carry none of
// the federation runtime.
import type { ModuleFederation } from '@module-federation/runtime-core';
import type { ComponentType } from 'react';
import type { RemoteName } from '../routes/route-table';
import { checkBuiltAgainst } from './compatibility';
import { RemoteLoadError, RemoteUnavailableError, type LoadStage } from './errors';
import { entryUrls, provideChunkTable, verifiedManifests, wasRefused } from './integrity';
import { fetchRemoteList, integrityForRemote, integrityOf, registered } from './remote-list';
import { federationHost, registerRemoteList } from './runtime-host';

export * from './errors';
export { CHUNK_TABLE_FILE, checkChunkScript, verifyFiles, wasRefused } from './integrity';
export { fetchRemoteList, remoteServed, type Served } from './remote-list';
export { RUNTIME_PROVIDER_URL, registerRemoteList } from './runtime-host';

/**
 * A screen's whole load (the remote list, manifest, entry and chunks, a second attempt
 * included) must finish within this, or the screen shows its panel: a remote host that does not
 * answer costs the user this long, not a "Loading..." without end. The first attempt may take all
 * of it; a second one gets what the first left.
 */
export const LOAD_TIME_LIMIT_MS = 7_500;

/** Manifest URL -> its (successful) compatibility check. */
const checkedManifests = new Map<string, Promise<void>>();
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<ComponentType>>();

/**
 * Reads the remote's manifest and checks what it records it was built against (compatibility.ts).
 */
async function checkManifest(remote: RemoteName, url: string, signal: AbortSignal): Promise<void> {
  // The shell's shared modules (a chunk the runtime host needs next) are fetched beside the
  // manifest: the check compares the remote's shared-ui imports with them.
  import('./host-shared').catch(() => undefined);
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
  await checkBuiltAgainst(remote, manifest);
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

/**
 * Ends the load of a remote's entry <script> its screen gave up on (the time limit): the runtime
 * removes the element and fails that load at once. Otherwise it waits 20 s for a host that does
 * not answer, and until then a Retry reuses that <script> (the runtime's loader takes an element
 * of the same address already in the document) instead of asking the host again.
 */
function abandonEntryScript(remote: RemoteName): void {
  const url = entryUrls.get(remote);
  if (!url) return;
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
    if (script.src === url || script.getAttribute('src') === url) {
      script.dispatchEvent(new Event('error'));
    }
  }
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
      signal.addEventListener('abort', () => abandonEntryScript(remote), { once: true });
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
    // Once the entry ran (its container is on the global), what hangs is the screen's code.
    () => (stage === 'entry' && (globalThis as Record<string, unknown>)[remote] ? 'chunk' : stage),
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
