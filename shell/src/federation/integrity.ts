// Nothing of a remote runs unchecked (docs/decisions/022-staged-rollout.md): the manifest, the
// entry and every chunk carry the SHA-384 of their release record.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';
import type { RemoteName } from '../routes/route-table';
import { RemoteLoadError } from './errors';
import { integrityForRemote, integrityOf } from './remote-list';

/** Manifest URL -> its text, once its bytes matched their integrity: what the runtime reads. */
export const verifiedManifests = new Map<string, string>();
/** Remote name -> the entry URL the runtime loaded it from. */
export const entryUrls = new Map<string, string>();

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
export async function provideChunkTable(
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
