// npm run deploy -- <remote> [--keep N] [--from DIR]   type-check and test the remote, build and
//                                                      serve a new version; a remote
//                                                      whose inputs (its sources, the libraries,
//                                                      the build settings) are those of a kept
//                                                      version serves that one again, unbuilt
//                                                      (--rebuild builds anyway). A build made
//                                                      against another contract than the running
//                                                      API's, or needing shared-ui names the
//                                                      shell lacks, is refused (--force deploys
//                                                      it anyway, noted in the Activity); so is
//                                                      a contract or shared-ui whose exports are
//                                                      not those its version records
// npm run deploy -- <remote> --canary 10 [--auto-promote 30m]
//                                                      serve it to 10% of signed-in users first
// npm run deploy -- --promote <remote>                 serve the canary to everyone
// npm run deploy -- --rollback <remote>                end the canary, or serve the previous
//                                                      version again
// npm run deploy -- --list <remote>                    the kept versions and the canary
//
// Versions live under <WEB_ROOT>/mf-<remote>/releases (WEB_ROOT as for the server, default the
// repository root); the running server picks a switch up on the next page load, no restart, and
// writes the Activity line of a promote or a rollback made here (command-changes.ts).
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_KEEP,
  DeployError,
  formatVersions,
  inputsHash,
  parseDuration,
  parseShare,
  promote,
  removeStaleStaging,
  rollback,
  sourceCommit,
  stageCopy,
  stageKept,
  stagingDir,
  versionBuiltFrom,
  withDeployLock,
} from './deploy.js';
import { noteCommandChange } from './command-changes.js';
import { checkLibraryVersions, gatedDeploy, runRemoteChecks } from './gates.js';
import { readDeployState, REMOTE_NAMES } from './deploy-state.js';
import { repositoryRoot } from './repository.js';

const repoRoot = repositoryRoot(import.meta.url);
const USAGE = `usage: npm run deploy -- <remote> [--keep N] [--from DIR | --rebuild] [--canary PCT [--auto-promote 30m]] [--force]
       npm run deploy -- --promote <remote>
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
      promote: { type: 'string' },
      canary: { type: 'string' },
      'auto-promote': { type: 'string' },
      list: { type: 'string' },
      keep: { type: 'string' },
      from: { type: 'string' },
      rebuild: { type: 'boolean' },
      force: { type: 'boolean' },
    },
  });
  const webRoot = path.resolve(process.env.WEB_ROOT || repoRoot);

  if (values.list !== undefined) {
    console.log(formatVersions(webRoot, remoteName(values.list)));
    return;
  }
  if (values.rollback !== undefined) {
    const name = remoteName(values.rollback);
    const { from, to, canary } = await withDeployLock(webRoot, name, () => {
      const before = readDeployState(webRoot, name);
      const outcome = rollback(webRoot, name);
      noteCommandChange(webRoot, name, {
        action: 'rollout_rolled_back',
        before: { served: before?.current, canary: before?.canary?.version ?? null },
        after: { nowServed: outcome.to, rolledBackFrom: outcome.from },
      });
      return outcome;
    });
    console.log(
      canary
        ? `mf-${name}: canary ${from} ended; everyone gets ${to}`
        : `mf-${name}: now serving ${to} (rolled back from ${from})`,
    );
    return;
  }
  if (values.promote !== undefined) {
    const name = remoteName(values.promote);
    const { from, to } = await withDeployLock(webRoot, name, () => {
      const share = readDeployState(webRoot, name)?.canary?.share;
      const outcome = promote(webRoot, name);
      noteCommandChange(webRoot, name, {
        action: 'rollout_promoted',
        before: { served: outcome.from, canary: outcome.to, share },
        after: { nowServed: outcome.to },
      });
      return outcome;
    });
    console.log(`mf-${name}: now serving ${to} to everyone (was ${from})`);
    return;
  }

  if (positionals.length !== 1) throw new DeployError(USAGE);
  const name = remoteName(positionals[0]);
  if (values.rebuild && values.from !== undefined) {
    throw new DeployError(
      '--rebuild builds the remote; --from deploys a build made elsewhere: give one',
    );
  }
  const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) {
    throw new DeployError('--keep takes a whole number of versions, at least 1');
  }
  let canary: { share: number; autoPromoteMinutes?: number } | undefined;
  if (values.canary !== undefined) {
    const share = parseShare(values.canary);
    if (share === undefined) {
      throw new DeployError(
        '--canary takes the per cent of users who get the new version, 1 to 99',
      );
    }
    canary = { share };
  }
  if (values['auto-promote'] !== undefined) {
    if (!canary) throw new DeployError('--auto-promote goes with --canary');
    const minutes = parseDuration(values['auto-promote']);
    if (minutes === undefined) {
      throw new DeployError('--auto-promote takes a time such as 30m or 2h (at most a week)');
    }
    canary.autoPromoteMinutes = minutes;
  }
  await withDeployLock(webRoot, name, async () => {
    removeStaleStaging(webRoot, name);
    let staged: string | undefined;
    try {
      let info: { builtAt: string; commit: string; buildSeconds?: number; inputs?: string };
      const inputs = values.from === undefined ? inputsHash(repoRoot, name) : undefined;
      const built = inputs && !values.rebuild ? versionBuiltFrom(webRoot, name, inputs) : undefined;
      const state = readDeployState(webRoot, name);
      if (built && !canary && state?.current === built.version && !state.canary) {
        console.log(
          `mf-${name}: unchanged since version ${built.version} (inputs ${inputs}), which is served; nothing to do`,
        );
        return;
      }
      if (built) {
        // The same inputs make the same files: the kept version is served again, not rebuilt.
        console.log(
          `mf-${name}: unchanged since version ${built.version} (inputs ${inputs}); not rebuilt`,
        );
        staged = stageKept(webRoot, name, built.version);
        info = {
          builtAt: built.builtAt,
          commit: built.commit,
          buildSeconds: built.buildSeconds,
          inputs,
        };
      } else if (values.from !== undefined) {
        // A build made elsewhere: its time is its manifest's; its commit is not known here.
        const from = path.resolve(values.from);
        staged = stageCopy(webRoot, name, from);
        const builtAt = statSync(path.join(staged, 'mf-manifest.json')).mtime.toISOString();
        info = { builtAt, commit: 'unknown' };
      } else {
        // The remote's own checks first: a build that does not type-check or pass its tests is
        // never made, let alone served.
        const checks = runRemoteChecks(repoRoot, name);
        console.log(
          `mf-${name}: type check ${checks.typecheck!.toFixed(1)} s, tests ${checks.test!.toFixed(1)} s, passed`,
        );
        // The shell and the deploy accept a remote by the libraries' version ranges: a library
        // whose exports changed without a new version would pass them.
        try {
          await checkLibraryVersions(repoRoot);
        } catch (error) {
          if (!values.force || !(error instanceof DeployError)) throw error;
          console.log(`deployed with --force: ${error.message}`);
        }
        staged = stagingDir(webRoot, name);
        const buildSeconds = build(name, staged);
        console.log(`mf-${name}: built in ${buildSeconds.toFixed(1)} s`);
        info = {
          builtAt: new Date().toISOString(),
          commit: sourceCommit(repoRoot, name),
          buildSeconds,
          ...(inputs ? { inputs } : {}),
        };
      }
      const result = gatedDeploy(webRoot, name, staged, info, {
        force: values.force,
        keep,
        canary,
      });
      staged = undefined;
      const { contract, 'shared-ui': sharedUi } = result.builtAgainst;
      console.log(
        `mf-${name}: built against contract ${contract ?? 'unknown'}, shared-ui ${sharedUi ?? 'unknown'}`,
      );
      for (const note of result.notCompared) console.log(`not compared: ${note}`);
      for (const problem of result.forced) console.log(`deployed with --force: ${problem}`);
      const was = result.previous ? ` (was ${result.previous})` : '';
      if (canary) {
        const auto = canary.autoPromoteMinutes
          ? `; served to everyone in ${canary.autoPromoteMinutes} min unless rolled back`
          : '';
        console.log(
          `mf-${name}: serving ${result.version} to ${canary.share}% of signed-in users, ${result.previous} to the others${auto}`,
        );
      } else {
        console.log(
          result.reused
            ? `mf-${name}: these files are version ${result.version}, served again${was}`
            : `mf-${name}: now serving ${result.version}${was}`,
        );
      }
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
