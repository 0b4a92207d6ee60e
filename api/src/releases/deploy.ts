// The operations behind `npm run deploy`: turn a finished build into an immutable version, switch
// the served version, roll back, list, and prune old versions. Only ever touches one remote's
// releases folder; the shell, the other remotes and the remote's own dist/ are left alone (at a
// remote's first deploy, a copy of its dist/ is kept as the version served before it).
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  readDeployState,
  releasesDir,
  remoteDir,
  versionDir,
  versionFilesMissing,
  writeDeployState,
  type Canary,
  type DeployedVersion,
  type DeployState,
} from './deploy-state.js';
import { dropStaleCompressedCopies, hashFolder, recordFiles } from './version-files.js';

export { inputsHash, sourceCommit, versionBuiltFrom } from './build-inputs.js';
export { dropStaleCompressedCopies, hashFolder, recordFiles, sri } from './version-files.js';

/** A refusal with a message for the person deploying (bad arguments, nothing to roll back to). */
export class DeployError extends Error {
  override name = 'DeployError';
}

/** How many versions stay served when nothing else is said. */
export const DEFAULT_KEEP = 5;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `work` holding the remote's deploy lock (one deploy or rollback of a remote at a time).
 * A lock left by a process that no longer runs is taken over.
 */
export async function withDeployLock<T>(
  webRoot: string,
  name: string,
  work: () => Promise<T> | T,
): Promise<T> {
  const dir = releasesDir(webRoot, name);
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, '.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DeployError(`another deploy of mf-${name} is running (process ${holder})`);
    }
    writeFileSync(lock, String(process.pid));
  }
  try {
    return await work();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // already gone
    }
  }
}

let stagings = 0;

/** A fresh, empty staging folder inside the releases folder (same file system: renames work). */
export function stagingDir(webRoot: string, name: string): string {
  // Two in the same millisecond (a first deploy stages the remote's own build too) differ.
  stagings += 1;
  const dir = path.join(
    releasesDir(webRoot, name),
    `.staging-${process.pid}-${Date.now()}-${stagings}`,
  );
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Copies a build made elsewhere into a staging folder. */
export function stageCopy(webRoot: string, name: string, from: string): string {
  if (!existsSync(path.join(from, 'mf-manifest.json'))) {
    throw new DeployError(`${from} holds no mf-manifest.json: not a remote build`);
  }
  const staging = stagingDir(webRoot, name);
  cpSync(from, staging, { recursive: true, preserveTimestamps: true });
  return staging;
}

/** Copies a kept version into a staging folder, to be served again by deployStaged. */
export function stageKept(webRoot: string, name: string, version: string): string {
  return stageCopy(webRoot, name, versionDir(webRoot, name, version));
}

/**
 * Before a remote's first deploy, its own build (`mf-<name>/dist`, what /remotes.json listed
 * until then) is kept as a version, named by the hash of its files like any other, and served,
 * so that the first deploy can be rolled back to it. Answers the state that makes, or undefined
 * when there is no such build.
 */
export function keepOwnBuild(webRoot: string, name: string): DeployState | undefined {
  const dist = path.join(webRoot, remoteDir(name), 'dist');
  const manifest = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifest)) return undefined;
  const staged = stageCopy(webRoot, name, dist);
  dropStaleCompressedCopies(staged);
  const version = hashFolder(staged);
  const target = versionDir(webRoot, name, version);
  rmSync(target, { recursive: true, force: true });
  renameSync(staged, target);
  const state: DeployState = {
    current: version,
    versions: [
      {
        version,
        builtAt: statSync(manifest).mtime.toISOString(),
        commit: 'unknown',
        files: recordFiles(target),
      },
    ],
  };
  writeDeployState(webRoot, name, state);
  return state;
}

export interface DeployResult {
  version: string;
  /** The same files were already a kept version: it is served again, nothing new is stored. */
  reused: boolean;
  /** The version served before, if any. */
  previous?: string;
  /** Versions removed because more than `keep` were kept. */
  pruned: string[];
  /** Precompressed copies left out because they did not match their files. */
  droppedCopies: string[];
}

/**
 * Stores the staged build as a version (named by its hash) and serves it, in one rename of
 * state.json. Precompressed copies that do not match their files are dropped first. The staged
 * folder is moved (or removed when that version already exists).
 */
export interface CanaryOptions {
  /** Per cent of signed-in users who get the new version, 1 to 99. */
  share: number;
  /** Served to everyone by itself after this many minutes unless rolled back first. */
  autoPromoteMinutes?: number;
  /** When the canary starts; now by default. */
  now?: Date;
}

/** `10` or `10%`: a whole per cent from 1 to 99, or undefined. */
export function parseShare(value: string): number | undefined {
  const match = /^(\d{1,2})%?$/.exec(value.trim());
  const share = match ? Number(match[1]) : Number.NaN;
  return share >= 1 && share <= 99 ? share : undefined;
}

/** `30m`, `2h`, `45` (minutes), up to a week: minutes, or undefined. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d{1,5})\s*(m|min|h)?$/.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * (match[2] === 'h' ? 60 : 1);
  return minutes >= 1 && minutes <= 7 * 24 * 60 ? minutes : undefined;
}

const canaryRunning = (name: string, canary: Canary) =>
  new DeployError(
    `mf-${name} has a canary running (${canary.version}, ${canary.share}%); promote it or roll it back first`,
  );

export function deployStaged(
  webRoot: string,
  name: string,
  staged: string,
  info: Omit<DeployedVersion, 'version' | 'rolledBack' | 'files'>,
  keep = DEFAULT_KEEP,
  canary?: CanaryOptions,
): DeployResult {
  if (!existsSync(path.join(staged, 'mf-manifest.json'))) {
    rmSync(staged, { recursive: true, force: true });
    throw new DeployError('the build produced no mf-manifest.json; nothing was deployed');
  }
  const droppedCopies = dropStaleCompressedCopies(staged);
  const version = hashFolder(staged);
  const before = readDeployState(webRoot, name) ?? keepOwnBuild(webRoot, name);
  if (before?.canary) {
    rmSync(staged, { recursive: true, force: true });
    throw canaryRunning(name, before.canary);
  }
  if (canary && (!before || before.current === version)) {
    rmSync(staged, { recursive: true, force: true });
    throw new DeployError(
      before
        ? `these files are mf-${name}'s served version ${version}: nothing to try on a share of users`
        : `mf-${name} has no served version yet: deploy it to everyone first, without --canary`,
    );
  }
  const files = recordFiles(staged);
  const target = versionDir(webRoot, name, version);
  const known = before?.versions.find((entry) => entry.version === version);
  if (known && existsSync(target)) {
    rmSync(staged, { recursive: true, force: true });
  } else {
    rmSync(target, { recursive: true, force: true });
    renameSync(staged, target);
  }
  // A version served again moves to the end: the order is the order of being served. A kept
  // version tried as a canary keeps its place (and its marks) until it is promoted: it is served
  // to no one but the canary's share, and a rollback of the canary leaves it where it was.
  const versions: DeployedVersion[] =
    known && canary
      ? before!.versions.map((entry) => (entry.version === version ? { ...entry, files } : entry))
      : [
          ...(before?.versions.filter((entry) => entry.version !== version) ?? []),
          known
            ? {
                ...known,
                ...(info.inputs ? { inputs: info.inputs } : {}),
                rolledBack: undefined,
                files,
              }
            : { version, ...info, files },
        ];
  const now = canary?.now ?? new Date();
  const next: DeployState =
    canary && before
      ? {
          current: before.current,
          versions,
          canary: {
            version,
            share: canary.share,
            startedAt: now.toISOString(),
            ...(canary.autoPromoteMinutes
              ? {
                  autoPromoteAt: new Date(
                    now.getTime() + canary.autoPromoteMinutes * 60_000,
                  ).toISOString(),
                }
              : {}),
          },
        }
      : { current: version, versions };
  const { state, pruned } = pruneState(next, keep);
  writeDeployState(webRoot, name, state);
  removeVersions(webRoot, name, pruned);
  return {
    version,
    reused: Boolean(known),
    previous: before?.current === version ? undefined : before?.current,
    pruned,
    droppedCopies,
  };
}

/** Keeps the newest `keep` versions (never fewer than one, always the served one and a canary). */
export function pruneState(
  state: DeployState,
  keep: number,
): { state: DeployState; pruned: string[] } {
  const limit = Math.max(1, keep);
  const excess = state.versions.length - limit;
  if (excess <= 0) return { state, pruned: [] };
  const dropped = state.versions
    .slice(0, excess)
    .filter((entry) => entry.version !== state.current && entry.version !== state.canary?.version)
    .map((entry) => entry.version);
  return {
    state: {
      ...state,
      versions: state.versions.filter((entry) => !dropped.includes(entry.version)),
    },
    pruned: dropped,
  };
}

/** Serves the canary to everyone: it becomes the served version. */
export function promote(webRoot: string, name: string): { from: string; to: string } {
  const state = readDeployState(webRoot, name);
  if (!state?.canary) throw new DeployError(`mf-${name} has no canary to promote`);
  const { canary, ...rest } = state;
  // The promoted version moves to the end: the order is the order of being served.
  const promoted = rest.versions.find((entry) => entry.version === canary.version)!;
  writeDeployState(webRoot, name, {
    current: canary.version,
    versions: [
      ...rest.versions.filter((entry) => entry !== promoted),
      { ...promoted, rolledBack: undefined },
    ],
  });
  return { from: state.current, to: canary.version };
}

function removeVersions(webRoot: string, name: string, versions: string[]): void {
  for (const version of versions) {
    rmSync(versionDir(webRoot, name, version), { recursive: true, force: true });
  }
}

/**
 * Serves the version served before the current one again: the newest kept version older than
 * the current one that was not itself rolled back from. The current one is marked rolled back.
 */
export function rollback(
  webRoot: string,
  name: string,
): { from: string; to: string; canary?: boolean } {
  const state = readDeployState(webRoot, name);
  if (!state) throw new DeployError(`mf-${name} has no deployed versions to roll back`);
  if (state.canary) {
    // A canary is ended: everyone gets the served version. A new version is marked, so a later
    // rollback does not go to it; a version served to everyone before (older than the served
    // one in the order of being served) keeps its place and marks: it can still be rolled back to.
    const { canary, ...rest } = state;
    const position = (version: string) =>
      rest.versions.findIndex((entry) => entry.version === version);
    const servedBefore = position(canary.version) < position(rest.current);
    writeDeployState(webRoot, name, {
      ...rest,
      versions: servedBefore
        ? rest.versions
        : rest.versions.map((entry) =>
            entry.version === canary.version ? { ...entry, rolledBack: true } : entry,
          ),
    });
    return { from: canary.version, to: state.current, canary: true };
  }
  const index = state.versions.findIndex((entry) => entry.version === state.current);
  const target = state.versions
    .slice(0, index)
    .reverse()
    .find((entry) => !entry.rolledBack && !versionFilesMissing(webRoot, name, entry.version));
  if (!target) {
    throw new DeployError(`mf-${name} has no earlier version to roll back to`);
  }
  writeDeployState(webRoot, name, {
    current: target.version,
    versions: state.versions.map((entry) =>
      entry.version === state.current ? { ...entry, rolledBack: true } : entry,
    ),
  });
  return { from: state.current, to: target.version };
}

/** Removes staging folders left by deploys that were interrupted. */
export function removeStaleStaging(webRoot: string, name: string): void {
  const dir = releasesDir(webRoot, name);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const match = /^\.staging-(\d+)-/.exec(entry);
    if (match && !isAlive(Number(match[1])))
      rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}

export { formatVersions } from './list-versions.js';
