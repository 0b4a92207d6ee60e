// The operations behind `npm run deploy`: turn a finished build into an immutable version, switch
// the served version, roll back, list, and prune old versions. Only ever touches one remote's
// releases folder; the shell, the other remotes and the remote's own dist/ are left alone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  readDeployState,
  releasesDir,
  versionDir,
  writeDeployState,
  type Canary,
  type DeployedVersion,
  type DeployState,
} from './releases.js';

/** A refusal with a message for the person deploying (bad arguments, nothing to roll back to). */
export class DeployError extends Error {
  override name = 'DeployError';
}

/** What a remote's build reads besides its own folder: the libraries and the build settings. */
const BUILD_INPUTS = ['shared-ui', 'contract', 'webpack'];

/**
 * The commit a remote is built from (12 hex digits), `-dirty` when its inputs have uncommitted
 * changes, `unknown` outside a git checkout. The remote's `releases/` folder, where deploys put
 * versions when the web root is the repository, is output, not input.
 */
export function sourceCommit(repoRoot: string, name: string): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', '--short=12', 'HEAD');
  if (!commit) return 'unknown';
  const inputs = [`mf-${name}`, ...BUILD_INPUTS, `:(exclude)mf-${name}/releases`];
  return git('status', '--porcelain', '--', ...inputs) ? `${commit}-dirty` : commit;
}

/** How many versions stay served when nothing else is said. */
export const DEFAULT_KEEP = 5;

/** Every file below `dir`, as a relative `/`-separated path, each folder's entries by name. */
function* filesUnder(dir: string, relative = ''): Generator<string> {
  const entries = readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(dir, child);
    else if (entry.isFile()) yield child;
  }
}

/** The first 12 hex digits of a SHA-256 over every file's relative path and bytes. */
export function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** `sha384-<base64>` of some bytes: the form of an `integrity` attribute. */
export const sri = (data: Buffer | string): string =>
  `sha384-${createHash('sha384').update(data).digest('base64')}`;

/** What the browser checks: every JavaScript file and the manifest. */
const RECORDED_FILE = /(\.js|\.css|^mf-manifest\.json)$/;

/**
 * The release record of a build's files: the SHA-384 of every JavaScript file (entry, chunks,
 * the federation runtime), of every stylesheet and of its manifest, by relative path.
 */
export function recordFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of filesUnder(dir)) {
    if (RECORDED_FILE.test(path.posix.basename(file))) {
      files[file] = sri(readFileSync(path.join(dir, file)));
    }
  }
  return files;
}

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

/** A fresh, empty staging folder inside the releases folder (same file system: renames work). */
export function stagingDir(webRoot: string, name: string): string {
  const dir = path.join(releasesDir(webRoot, name), `.staging-${process.pid}-${Date.now()}`);
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

const DECOMPRESS: Record<string, (data: Buffer) => Buffer> = {
  '.br': brotliDecompressSync,
  '.gz': gunzipSync,
};

/**
 * Removes every precompressed copy (`X.br`, `X.gz`) in `dir` that does not decompress to exactly
 * its file `X`, or whose file is missing. The server sends such copies as they are
 * (`preCompressed` in static.ts): a build whose files were changed after it wrote its copies
 * would otherwise serve the old bytes. Without a copy, the file is compressed on the fly.
 * Answers the removed copies' paths, relative to `dir`.
 */
export function dropStaleCompressedCopies(dir: string): string[] {
  const dropped: string[] = [];
  for (const file of [...filesUnder(dir)]) {
    const extension = path.extname(file);
    const decompress = DECOMPRESS[extension];
    if (!decompress) continue;
    const copy = path.join(dir, file);
    let matches = false;
    try {
      matches = decompress(readFileSync(copy)).equals(
        readFileSync(copy.slice(0, -extension.length)),
      );
    } catch {
      matches = false;
    }
    if (!matches) {
      rmSync(copy);
      dropped.push(file);
    }
  }
  return dropped.sort();
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
  const before = readDeployState(webRoot, name);
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
  // A version served again moves to the end: the order is the order of being served.
  const versions: DeployedVersion[] = [
    ...(before?.versions.filter((entry) => entry.version !== version) ?? []),
    known ? { ...known, rolledBack: undefined, files } : { version, ...info, files },
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
  return { version, reused: Boolean(known), previous: before?.current, pruned, droppedCopies };
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
    versions: [...rest.versions.filter((entry) => entry !== promoted), promoted],
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
    // A canary is ended: everyone gets the served version, and the canary is not tried again.
    const { canary, ...rest } = state;
    writeDeployState(webRoot, name, {
      ...rest,
      versions: rest.versions.map((entry) =>
        entry.version === canary.version ? { ...entry, rolledBack: true } : entry,
      ),
    });
    return { from: canary.version, to: state.current, canary: true };
  }
  const index = state.versions.findIndex((entry) => entry.version === state.current);
  const target = state.versions
    .slice(0, index)
    .reverse()
    .find(
      (entry) =>
        !entry.rolledBack &&
        existsSync(path.join(versionDir(webRoot, name, entry.version), 'mf-manifest.json')),
    );
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

const shortTime = (iso: string) =>
  iso
    .replace('T', ' ')
    .replace(/:\d{2}(\.\d+)?Z$/, '')
    .replace(/Z$/, '');

function canaryLabel(canary: Canary): string {
  const auto = canary.autoPromoteAt ? `, promoted at ${shortTime(canary.autoPromoteAt)} UTC` : '';
  return `canary ${canary.share}%${auto}`;
}

/** The `--list` table, newest first. */
export function formatVersions(webRoot: string, name: string): string {
  const state = readDeployState(webRoot, name);
  if (!state) {
    return `mf-${name} has no deployed versions; /remotes.json lists its own build (mf-${name}/dist) when it exists.`;
  }
  const rows = [
    ['', 'version', 'built (UTC)', 'commit', 'build time', ''],
    ...[...state.versions].reverse().map((entry) => [
      entry.version === state.current ? '*' : '',
      entry.version,
      entry.builtAt
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')
        .replace(/Z$/, ''),
      entry.commit,
      entry.buildSeconds === undefined ? '-' : `${entry.buildSeconds.toFixed(1)} s`,
      entry.version === state.current
        ? 'served'
        : entry.version === state.canary?.version
          ? canaryLabel(state.canary)
          : entry.rolledBack
            ? 'rolled back'
            : 'kept',
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
