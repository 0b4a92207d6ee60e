// What a remote's build is made from: the source commit a deploy records and the content hash of
// its inputs, by which a deploy of unchanged source serves the version already built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  readDeployState,
  remoteDir,
  versionFilesMissing,
  type DeployedVersion,
} from './deploy-state.js';

/** What a remote's build reads besides its own folder: the libraries and the build settings. */
export const BUILD_INPUTS = ['shared-ui', 'contract', 'webpack'];

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

/** Root files every build reads: the workspace, the lock file and the shared compiler settings. */
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * The part of package-lock.json a remote's build reads: the entries of the packages installed for
 * the workspace root (the build tools), the remote and the workspaces it depends on, and of
 * everything those depend on, resolved as Node resolves them (nearest node_modules first). Another
 * workspace's own dependencies (the api's database driver, say) are left out: adding one to the
 * api does not make a kept version of a remote unusable.
 */
export function lockPart(lockText: string, remoteFolder: string): string {
  const packages =
    (JSON.parse(lockText) as { packages?: Record<string, LockEntry> }).packages ?? {};
  const seen = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    let dir = from;
    for (;;) {
      const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[key]) return key;
      if (!dir) return undefined;
      const at = dir.lastIndexOf('/node_modules/');
      dir = at === -1 ? '' : dir.slice(0, at);
    }
  };
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const entry = packages[key];
    if (!entry) return;
    seen.add(key);
    if (entry.link && entry.resolved) return visit(entry.resolved);
    for (const field of [
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
    ] as const) {
      for (const name of Object.keys(entry[field] ?? {})) {
        const target = resolve(key, name);
        if (target) visit(target);
      }
    }
  };
  visit('');
  visit(remoteFolder);
  return JSON.stringify([...seen].sort().map((key) => [key, packages[key]]));
}

/**
 * What of a root file counts: of package.json all but its scripts (the remote's build is its
 * own package's script); of package-lock.json the part the remote's build reads (lockPart).
 */
function rootFilePart(file: string, bytes: Buffer, remoteFolder: string): Buffer | string {
  if (file === 'package-lock.json') return lockPart(bytes.toString('utf8'), remoteFolder);
  if (file === 'package.json') {
    const { scripts: _scripts, ...rest } = JSON.parse(bytes.toString('utf8')) as Record<
      string,
      unknown
    >;
    return JSON.stringify(rest);
  }
  return bytes;
}

/** Settings read from the environment by the build (webpack/create-config.mjs and its plugins). */
const BUILD_ENV = ['API_URL', 'BUILD_PROFILE', 'CHUNK_INTEGRITY_IN_ENTRY', 'NODE_ENV'];

/**
 * The content hash (12 hex digits) of everything a remote's build reads: every file git tracks or
 * would track (ignored ones, such as dist/ and node_modules/, left out) in the remote's folder, the
 * libraries and the build settings, by path and bytes (of the root package.json and lock file,
 * the part the build reads: rootFilePart), and the build's environment settings.
 * Undefined outside a git checkout. Two builds of the same inputs make the same files, so a
 * deploy of unchanged inputs serves the version already built from them.
 */
export function inputsHash(repoRoot: string, name: string): string | undefined {
  const dir = remoteDir(name);
  const listed = spawnSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      dir,
      ...BUILD_INPUTS,
      ...ROOT_INPUTS,
      `:(exclude)${dir}/releases`,
    ],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (listed.status !== 0 || !listed.stdout) return undefined;
  const files = [...new Set(listed.stdout.split('\0').filter(Boolean))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(repoRoot, file);
    // A tracked file deleted in the work tree is listed too: its absence is part of the inputs.
    if (!statSync(full, { throwIfNoEntry: false })?.isFile()) continue;
    hash.update(`${file}\0`);
    hash.update(rootFilePart(file, readFileSync(full), dir));
    hash.update('\0');
  }
  for (const variable of BUILD_ENV) hash.update(`${variable}=${process.env[variable] ?? ''}\0`);
  return hash.digest('hex').slice(0, 12);
}

/** The kept version built from these inputs whose files are all there, if any. */
export function versionBuiltFrom(
  webRoot: string,
  name: string,
  inputs: string,
): DeployedVersion | undefined {
  return readDeployState(webRoot, name)?.versions.find(
    (entry) => entry.inputs === inputs && !versionFilesMissing(webRoot, name, entry.version),
  );
}
