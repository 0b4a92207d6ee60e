// What `npm run deploy` checks before a remote's build is served: the remote's own type check and
// tests (before it is built), then what the build was made against (built-against.ts) against
// the running API's contract and the served shell's shared-ui. A refusal names the library and
// both versions; `--force` deploys anyway and the Activity says so (`deploy forced`).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { noteCommandChange } from './command-changes.js';
import {
  compatibilityProblems,
  readApiContract,
  readBuiltAgainst,
  readShellSharedUi,
  runningContract,
  type BuiltAgainst,
} from './built-against.js';
import { DeployError, deployStaged, type CanaryOptions, type DeployResult } from './deploy.js';
import { readDeployState, remoteDir, type DeployedVersion } from './deploy-state.js';

/** One of the remote's own checks: its npm script, and what a failure is called. */
const CHECKS = [
  { script: 'typecheck', failed: 'does not type-check' },
  { script: 'test', failed: 'fails its tests' },
] as const;

/**
 * Runs the remote's type check, then its tests (its own jest project), in the repository, with
 * their output shown; refuses the deploy at the first that fails. Answers the seconds each took.
 */
export function runRemoteChecks(repoRoot: string, name: string): Record<string, number> {
  const workspace = remoteDir(name);
  const seconds: Record<string, number> = {};
  for (const { script, failed } of CHECKS) {
    const started = process.hrtime.bigint();
    const result = spawnSync('npm', ['run', script, '-w', workspace], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, CI: process.env.CI ?? '1' },
    });
    seconds[script] = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.status !== 0) {
      throw new DeployError(
        `${workspace} ${failed} (npm run ${script} -w ${workspace}, see above); nothing was built or deployed`,
      );
    }
  }
  return seconds;
}

/**
 * Refuses the deploy when contract's or shared-ui's version does not describe its exports (an
 * export changed without `npm run version:libraries`): the shell and the deploy accept a remote
 * by the library's version range, which holds only if one version is one API. Reads the
 * libraries' declarations, which the remote's type check has just built.
 */
export async function checkLibraryVersions(repoRoot: string): Promise<void> {
  const { libraryDirs, libraryVersionProblem } = await import('./library-versions.js');
  const problems = Object.values(libraryDirs(repoRoot))
    .map((dir) => libraryVersionProblem(repoRoot, dir))
    .filter((problem): problem is string => Boolean(problem));
  if (problems.length) {
    throw new DeployError(`${problems.join('\n')}\nNothing was built or deployed.`);
  }
}

export interface GateOptions {
  /** Deploy even when the build does not fit what it meets (noted in the Activity). */
  force?: boolean;
  keep?: number;
  canary?: CanaryOptions;
}

export interface GatedDeploy extends DeployResult {
  builtAgainst: BuiltAgainst;
  /** What did not fit and was deployed anyway with `force`. */
  forced: string[];
  /** What could not be compared (nothing recorded to compare with). */
  notCompared: string[];
}

/**
 * Compares the staged build with the running API's contract and the served shell's shared-ui;
 * refuses it (removing the staged folder) when they do not fit, unless `force`. Then serves it
 * (deployStaged), with what it was built against in its release record; a forced deploy is
 * noted for the Activity. The caller holds the remote's deploy lock.
 */
export function gatedDeploy(
  webRoot: string,
  name: string,
  staged: string,
  info: Omit<DeployedVersion, 'version' | 'rolledBack' | 'files'>,
  options: GateOptions = {},
): GatedDeploy {
  const built = readBuiltAgainst(staged);
  // No API has noted its contract in this web root yet: the one an API started from this
  // checkout would run.
  const apiContract = readApiContract(webRoot) ?? runningContract();
  const shellSharedUi = readShellSharedUi(webRoot);
  const notCompared = [
    ...(built.contract ? [] : [`mf-${name}'s build records no contract`]),
    ...(built.sharedUiImports ? [] : [`mf-${name}'s build records no shared-ui imports`]),
    ...(shellSharedUi
      ? []
      : ['the served shell records no shared-ui exports (built before it did)']),
  ];
  const problems = compatibilityProblems(name, built, { apiContract, shellSharedUi });
  if (problems.length && !options.force) {
    rmSync(staged, { recursive: true, force: true });
    throw new DeployError(
      `${problems.join('\n')}\nNothing was deployed; --force deploys it anyway (noted in the Activity).`,
    );
  }
  const served = readDeployState(webRoot, name)?.current;
  const { sharedUiImports: _imports, ...versions } = built;
  const result = deployStaged(
    webRoot,
    name,
    staged,
    {
      ...info,
      builtAgainst: versions,
      ...(problems.length ? { forced: problems } : {}),
    },
    options.keep,
    options.canary,
  );
  if (problems.length) {
    noteCommandChange(webRoot, name, {
      action: 'deploy_forced',
      before: { served: served ?? null },
      after: {
        version: result.version,
        ...(options.canary ? { canaryShare: options.canary.share } : {}),
        builtAgainstContract: versions.contract ?? null,
        apiContract,
        builtAgainstSharedUi: versions['shared-ui'] ?? null,
        shellSharedUi: shellSharedUi?.version ?? null,
        refusedFor: problems.join(' '),
      },
    });
  }
  return { ...result, builtAgainst: built, forced: problems, notCompared };
}
