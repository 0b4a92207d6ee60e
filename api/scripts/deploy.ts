// npm run deploy -- <remote> [--keep N] [--from DIR]   build and serve a new version
// npm run deploy -- --rollback <remote>                serve the previous version again
// npm run deploy -- --list <remote>                    the kept versions
//
// Versions live under <WEB_ROOT>/mf-<remote>/releases (WEB_ROOT as for the server, default the
// repository root); the running server picks a switch up on the next page load, no restart.
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEFAULT_KEEP,
  DeployError,
  deployStaged,
  formatVersions,
  removeStaleStaging,
  rollback,
  sourceCommit,
  stageCopy,
  stagingDir,
  withDeployLock,
} from '../src/web/deploy.js';
import { REMOTE_NAMES } from '../src/web/releases.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = `usage: npm run deploy -- <remote> [--keep N] [--from DIR]
       npm run deploy -- --rollback <remote>
       npm run deploy -- --list <remote>
remotes: ${REMOTE_NAMES.join(', ')}`;

/** `reports` or `mf-reports`; anything else is refused. */
function remoteName(value: string | undefined): string {
  const name = value?.replace(/^mf-/, '');
  if (!name || !(REMOTE_NAMES as readonly string[]).includes(name)) {
    throw new DeployError(value ? `unknown remote "${value}"\n${USAGE}` : USAGE);
  }
  return name;
}

/** Builds the remote (production) into `outputDir`; returns the seconds it took. */
function build(name: string, outputDir: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    'npm',
    ['run', 'build', '-w', `mf-${name}`, '--', '--output-path', outputDir],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new DeployError(`the build of mf-${name} failed; see above`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      rollback: { type: 'string' },
      list: { type: 'string' },
      keep: { type: 'string' },
      from: { type: 'string' },
    },
  });
  const webRoot = path.resolve(process.env.WEB_ROOT || repoRoot);

  if (values.list !== undefined) {
    console.log(formatVersions(webRoot, remoteName(values.list)));
    return;
  }
  if (values.rollback !== undefined) {
    const name = remoteName(values.rollback);
    const { from, to } = await withDeployLock(webRoot, name, () => rollback(webRoot, name));
    console.log(`mf-${name}: now serving ${to} (rolled back from ${from})`);
    return;
  }

  if (positionals.length !== 1) throw new DeployError(USAGE);
  const name = remoteName(positionals[0]);
  const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) {
    throw new DeployError('--keep takes a whole number of versions, at least 1');
  }
  await withDeployLock(webRoot, name, () => {
    removeStaleStaging(webRoot, name);
    let staged: string | undefined;
    try {
      let info: { builtAt: string; commit: string; buildSeconds?: number };
      if (values.from !== undefined) {
        // A build made elsewhere: its time is its manifest's; its commit is not known here.
        const from = path.resolve(values.from);
        staged = stageCopy(webRoot, name, from);
        const builtAt = statSync(path.join(staged, 'mf-manifest.json')).mtime.toISOString();
        info = { builtAt, commit: 'unknown' };
      } else {
        staged = stagingDir(webRoot, name);
        const buildSeconds = build(name, staged);
        console.log(`mf-${name}: built in ${buildSeconds.toFixed(1)} s`);
        info = {
          builtAt: new Date().toISOString(),
          commit: sourceCommit(repoRoot, name),
          buildSeconds,
        };
      }
      const result = deployStaged(webRoot, name, staged, info, keep);
      staged = undefined;
      const was = result.previous ? ` (was ${result.previous})` : '';
      console.log(
        result.reused
          ? `mf-${name}: these files are version ${result.version}, served again${was}`
          : `mf-${name}: now serving ${result.version}${was}`,
      );
      if (result.pruned.length) console.log(`removed old versions: ${result.pruned.join(', ')}`);
      if (result.droppedCopies.length) {
        console.log(
          `left out ${result.droppedCopies.length} compressed copies that did not match their files (compressed when served instead): ${result.droppedCopies.join(', ')}`,
        );
      }
    } finally {
      if (staged) rmSync(staged, { recursive: true, force: true });
    }
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof DeployError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
