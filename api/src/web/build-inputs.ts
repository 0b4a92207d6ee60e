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
} from './releases.js';

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

/** Settings read from the environment by the build (webpack/create-config.mjs and its plugins). */
const BUILD_ENV = ['API_URL', 'BUILD_PROFILE', 'CHUNK_INTEGRITY_IN_ENTRY', 'NODE_ENV'];

/**
 * The content hash (12 hex digits) of everything a remote's build reads: every file git tracks or
 * would track (ignored ones, such as dist/ and node_modules/, left out) in the remote's folder, the
 * libraries and the build settings, by path and bytes, and the build's environment settings.
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
    hash.update(readFileSync(full));
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
