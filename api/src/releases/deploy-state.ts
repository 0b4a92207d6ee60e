// Deployed versions of a remote, on disk next to its build (docs/decisions/006):
//
//   mf-<name>/releases/<version>/   one immutable build, named by the hash of its files
//   mf-<name>/releases/state.json   which versions are kept and which one is served
//
// `npm run deploy` writes them; the server looks at state.json on every request that needs it
// (reading and parsing it again only when the file has changed), so a deploy or a rollback takes
// effect without a restart. state.json is replaced in one step
// (written to a temporary file, then renamed over the old one), so a reader sees either the
// old state or the new one, never half of either.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from 'contract';

/** The remotes the shell knows by name (the one list in contract); each builds into `<dir>/dist`. */
export { REMOTE_NAMES } from 'contract';

/** A version is the first 12 hex digits of the SHA-256 of its files. */
export const VERSION_PATTERN = /^[0-9a-f]{12}$/;

export interface DeployedVersion {
  version: string;
  /** When the build finished (ISO 8601). */
  builtAt: string;
  /** Source commit of the remote's build, `-dirty` when its files had uncommitted changes. */
  commit: string;
  /** Seconds the build took; absent for a build deployed with `--from`. */
  buildSeconds?: number;
  /** Set when this version was rolled back from; a later rollback skips it. */
  rolledBack?: boolean;
  /**
   * The content hash of what the build was made from (the remote's sources, the libraries and
   * the build settings: `inputsHash` in deploy.ts); a deploy of the same inputs serves this
   * version again instead of building. Absent for builds deployed with `--from` and for the
   * remote's own build kept at its first deploy.
   */
  inputs?: string;
  /**
   * The release record of its files: `sha384-<base64>` (the form of an `integrity` attribute)
   * of every JavaScript file and of `mf-manifest.json`, by path inside the version's folder.
   * Absent for versions deployed before files were recorded.
   */
  files?: Record<string, string>;
  /**
   * The contract and shared-ui the build was made from (`<version>+<hash of their sources>`, from
   * its manifest). Absent for versions deployed before it was recorded.
   */
  builtAgainst?: { contract?: string; 'shared-ui'?: string };
  /** Why the deploy's checks refused this build, when it was deployed anyway (`--force`). */
  forced?: string[];
}

/** A version served to a share of the signed-in users beside the served one (a canary). */
export interface Canary {
  version: string;
  /** Per cent of signed-in users who get it, 1 to 99. */
  share: number;
  /** When the canary started (ISO 8601). */
  startedAt: string;
  /** When it is served to everyone by itself unless rolled back first (ISO 8601). */
  autoPromoteAt?: string;
}

export interface DeployState {
  /** The served version; one of `versions`. */
  current: string;
  /** Kept versions, in the order they were first served (oldest first). */
  versions: DeployedVersion[];
  /** A kept version other than `current`, served to a share of the signed-in users. */
  canary?: Canary;
}

/** The folder a remote builds into by default, and the one that holds its deployed versions. */
export const remoteDir = (name: string): string => {
  const remote = REMOTES.find((known) => known.name === name);
  if (!remote) throw new Error(`unknown remote ${name}`);
  return remote.dir;
};
export const releasesDir = (webRoot: string, name: string): string =>
  path.join(webRoot, remoteDir(name), 'releases');
export const versionDir = (webRoot: string, name: string, version: string): string =>
  path.join(releasesDir(webRoot, name), version);

export const deployStateFile = (webRoot: string, name: string): string =>
  path.join(releasesDir(webRoot, name), 'state.json');

function isCanary(value: unknown, state: DeployState): value is Canary {
  if (!value || typeof value !== 'object') return false;
  const { version, share, startedAt, autoPromoteAt } = value as Partial<Canary>;
  return (
    typeof version === 'string' &&
    version !== state.current &&
    state.versions.some((entry) => entry.version === version) &&
    typeof share === 'number' &&
    Number.isInteger(share) &&
    share >= 1 &&
    share <= 99 &&
    typeof startedAt === 'string' &&
    (autoPromoteAt === undefined || typeof autoPromoteAt === 'string')
  );
}

function isDeployState(value: unknown): value is DeployState {
  if (!value || typeof value !== 'object') return false;
  const { current, versions, canary } = value as Partial<DeployState>;
  if (canary !== undefined && !isCanary(canary, value as DeployState)) return false;
  return (
    typeof current === 'string' &&
    Array.isArray(versions) &&
    versions.every(
      (entry) =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof entry.version === 'string' &&
        VERSION_PATTERN.test(entry.version),
    ) &&
    versions.some((entry) => entry.version === current)
  );
}

/** The remote's deploy state, or undefined when it has never been deployed (or the file is unreadable). */
export function readDeployState(webRoot: string, name: string): DeployState | undefined {
  const file = deployStateFile(webRoot, name);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return isDeployState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the remote was deployed but its deploy state cannot be read (a damaged or hand-edited
 * state.json): it is then listed as unavailable, never served from its own unchecked dist/.
 */
export function deployStateUnreadable(webRoot: string, name: string): boolean {
  return existsSync(deployStateFile(webRoot, name)) && !readDeployState(webRoot, name);
}

/** The last state read of each state file, with what identified the file then. */
const readStates = new Map<
  string,
  { identity: string; state: Readonly<DeployState> | undefined }
>();

const frozen = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
};

/**
 * The remote's deploy state as `readDeployState` gives it, for the requests that only read it
 * (/remotes.json, a version's files): the file is read and parsed again only when it is another
 * file than the last time (its inode, size or modification time differ; a write replaces it by a
 * rename, so it always does), so a page load's list costs a `stat` per remote. Frozen: a caller
 * that changes a state (deploy, promote, rollback) reads its own with `readDeployState`.
 */
export function currentDeployState(
  webRoot: string,
  name: string,
): Readonly<DeployState> | undefined {
  const file = deployStateFile(webRoot, name);
  // No exception for a remote never deployed: building one costs more than the whole list.
  const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stats) {
    readStates.delete(file);
    return undefined;
  }
  const identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  const known = readStates.get(file);
  if (known && known.identity === identity) return known.state;
  const state = readDeployState(webRoot, name);
  if (state) frozen(state);
  readStates.set(file, { identity, state });
  return state;
}

/** Replaces the deploy state in one step: a reader sees the old file or the new one. */
export function writeDeployState(webRoot: string, name: string, state: DeployState): void {
  const file = deployStateFile(webRoot, name);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

/** True when a kept version's folder, or the manifest in it, is not on disk (it cannot be served). */
export function versionFilesMissing(webRoot: string, name: string, version: string): boolean {
  return !existsSync(path.join(versionDir(webRoot, name, version), 'mf-manifest.json'));
}

/** True when `version` is one of the remote's kept versions (so its files may be served). */
export function isKeptVersion(webRoot: string, name: string, version: string): boolean {
  if (!VERSION_PATTERN.test(version)) return false;
  return Boolean(currentDeployState(webRoot, name)?.versions.some((v) => v.version === version));
}
