// Which version of each remote a user gets, and what /remotes.json says about it
// (docs/decisions/022-staged-rollout.md).
//
// The choice is a pure function of the user's id, the remote and the canary's version (a hash),
// and of state.json, which every process sharing WEB_ROOT reads: every process gives a user the
// same version, on every page load, with nothing stored per user. A new canary version draws a
// new share of users.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  currentDeployState,
  deployStateFile,
  remoteDir,
  versionDir,
  type DeployState,
} from './deploy-state.js';

/** The user's place in 0..99 for this remote's version: stable, the same in every process. */
export function userBucket(userId: number | string, remote: string, version: string): number {
  const digest = createHash('sha256').update(`${userId}\0${remote}\0${version}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** True when the user gets the canary of this state. */
export function getsCanary(
  userId: number | string | undefined,
  remote: string,
  state: Readonly<DeployState>,
): boolean {
  const canary = state.canary;
  if (!canary || userId === undefined) return false;
  return userBucket(userId, remote, canary.version) < canary.share;
}

const hasManifest = (webRoot: string, name: string, version: string) =>
  existsSync(path.join(versionDir(webRoot, name, version), 'mf-manifest.json'));

/** The integrity of a remote's entry (and manifest, when known) that the shell checks. */
export interface RemoteIntegrity {
  entry: string;
  manifest?: string;
  /**
   * The SHA-384 of the version's chunk table (`chunk-integrity.json` beside its manifest), which
   * the shell reads before the remote's first chunk and the entry's loader checks each chunk by.
   */
  chunks?: string;
}

/** The name of a version's chunk table, served beside its manifest. */
export const CHUNK_TABLE_FILE = 'chunk-integrity.json';

/** Files of a build that are entries, never loaded as chunks by the entry's loader. */
const NOT_CHUNKS = new Set(['remoteEntry.js', 'main.js', 'federation-runtime.js']);

/** A version's chunk table: its body and the body's own SHA-384. */
export interface ChunkTable {
  body: string;
  integrity: string;
}

const chunkTables = new Map<string, ChunkTable>();
const CHUNK_TABLES_KEPT = 64;

/**
 * The chunk table of a deployed version, from its release record: file name -> SHA-384 of every
 * JavaScript file and stylesheet at the top of its folder that the entry's loaders may load. A
 * version's record never changes, so each table is made once (a few dozen kept).
 */
export function chunkTable(
  name: string,
  version: string,
  files: Record<string, string>,
): ChunkTable {
  const key = `${name}/${version}`;
  const known = chunkTables.get(key);
  if (known) return known;
  const table = Object.fromEntries(
    Object.entries(files)
      .filter(([file]) => /\.(js|css)$/.test(file) && !file.includes('/') && !NOT_CHUNKS.has(file))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const body = JSON.stringify(table);
  const made = { body, integrity: `sha384-${createHash('sha384').update(body).digest('base64')}` };
  if (chunkTables.size >= CHUNK_TABLES_KEPT) chunkTables.clear();
  chunkTables.set(key, made);
  return made;
}

/**
 * The body of /remotes.json: remote name -> manifest URL (what shells have always read), plus
 * `integrity` (remote -> the SHA-384 of its entry, manifest and chunk table, from the release
 * record, or of its entry only from `REMOTE_<NAME>_SRI`) and `versions` (remote -> the deployed
 * version listed), for the remotes that have them, and for a signed-in user served a deployed
 * version `health.load`, the id of this answer that the shell's health reports name (web/static.ts).
 * Old shells read only the string entries.
 */
export interface RemoteListBody {
  [remote: string]:
    | string
    | Record<string, RemoteIntegrity>
    | Record<string, string>
    | { load: string }
    | undefined;
  integrity?: Record<string, RemoteIntegrity>;
  versions?: Record<string, string>;
  health?: { load: string };
}

export interface RemoteListOptions {
  /** Manifest URLs of remotes deployed elsewhere (REMOTE_<NAME>_URL). */
  remoteUrls?: Record<string, string>;
  /** The entry's integrity of those remotes (REMOTE_<NAME>_SRI). */
  remoteSri?: Record<string, string>;
  /** The signed-in user, when there is one: only signed-in users get a canary. */
  userId?: number | string;
  /**
   * Told of each served version or canary whose files are missing: a canary's users then get the
   * served version; a served version is not listed at all (the shell shows the remote as
   * unavailable), never replaced by the remote's own, unchecked build.
   */
  onMissing?: (remote: string, version: string, canary: boolean) => void;
  /**
   * Told of a deployed remote whose deploy state cannot be read: it is not listed (unavailable),
   * never served from its own, unchecked build.
   */
  onUnreadable?: (remote: string) => void;
}

/**
 * The runtime remote list, made on every request (the deploy state read again when it changed):
 * a configured URL wins; then the deployed version (the canary for the users it is served to);
 * for a remote never deployed, its own build, only when it exists. A remote missing from the
 * list (its served version's files gone, its deploy state unreadable, or no build) shows as
 * "unavailable" in the shell.
 */
export function remoteList(webRoot: string, options: RemoteListOptions = {}): RemoteListBody {
  const { remoteUrls = {}, remoteSri = {}, userId, onMissing, onUnreadable } = options;
  const body: RemoteListBody = {};
  const integrity: Record<string, RemoteIntegrity> = {};
  const versions: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const configured = remoteUrls[name];
    if (configured) {
      body[name] = configured;
      if (remoteSri[name]) integrity[name] = { entry: remoteSri[name] };
      continue;
    }
    const state = currentDeployState(webRoot, name);
    // Deployed (it has a state file) but the state cannot be read: which version to serve is not
    // known, and its dist/ is not what was deployed.
    if (!state && existsSync(deployStateFile(webRoot, name))) {
      onUnreadable?.(name);
      continue;
    }
    let version: string | undefined;
    if (state) {
      let canary: string | undefined;
      if (state.canary && getsCanary(userId, name, state)) {
        if (hasManifest(webRoot, name, state.canary.version)) canary = state.canary.version;
        else onMissing?.(name, state.canary.version, true);
      }
      if (canary) version = canary;
      else if (hasManifest(webRoot, name, state.current)) version = state.current;
      else {
        onMissing?.(name, state.current, false);
        continue;
      }
    }
    if (state && version) {
      body[name] = `/remotes/${remoteDir(name)}/v/${version}/mf-manifest.json`;
      versions[name] = version;
      const files = state.versions.find((entry) => entry.version === version)?.files;
      const entry = files?.['remoteEntry.js'];
      if (entry) {
        integrity[name] = {
          entry,
          ...(files['mf-manifest.json'] ? { manifest: files['mf-manifest.json'] } : {}),
          chunks: chunkTable(name, version, files).integrity,
        };
      }
    } else if (existsSync(path.join(webRoot, remoteDir(name), 'dist', 'mf-manifest.json'))) {
      body[name] = `/remotes/${remoteDir(name)}/mf-manifest.json`;
    }
  }
  if (Object.keys(integrity).length) body.integrity = integrity;
  if (Object.keys(versions).length) body.versions = versions;
  return body;
}
