// The delivery measures of `npm run bench:teams`: what a team that ships its remote alone waits for.
//   - builds: a second identical `npm run build` against the first: at most 10% (lerna's task
//     runner reads every package's build from its cache). Both run on a cache and task data of
//     their own in a temporary folder, so the first is a full build whatever the checkout's .nx/
//     holds
//   - deploys: the deploy gate, mf-reports' type check and tests before its build: at most 60 s;
//     a deploy of unchanged source: at most 3 s (the version built from the same inputs is served
//     again, not rebuilt). The deploys go to a temporary web root (WEB_ROOT), never the
//     repository's releases.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../support/env';
import type { Figure, Measure } from './measure';

export const DELIVERY_BUDGETS = {
  secondBuildPercent: 10,
  gateSeconds: 60,
  unchangedDeploySeconds: 3,
} as const;

function run(command: string[], env: NodeJS.ProcessEnv = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd: repoRoot(),
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    throw new Error(
      `${command.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return { seconds, stdout: result.stdout };
}

/** `npm run build` twice on an empty cache of its own: the second against the first. */
function measureBuilds(): Figure[] {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-builds-'));
  const env = {
    NX_CACHE_DIRECTORY: path.join(scratch, 'cache'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(scratch, 'workspace-data'),
    NX_DAEMON: 'false',
  };
  try {
    const first = run(['npm', 'run', 'build'], env);
    const second = run(['npm', 'run', 'build'], env);
    const hits = /Cache:\s+(\d+\/\d+) hit/.exec(second.stdout)?.[1] ?? '?';
    return [
      {
        label: 'second identical npm run build, share of the first',
        value: (100 * second.seconds) / first.seconds,
        unit: '%',
        budget: DELIVERY_BUDGETS.secondBuildPercent,
        detail: `first ${first.seconds.toFixed(1)} s, second ${second.seconds.toFixed(1)} s (cache ${hits} hit)`,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `npm run deploy -- reports` into an empty web root (type check, tests, build), then again with
 * nothing changed: the gate's seconds from the first, the whole second deploy.
 */
function measureDeploys(): Figure[] {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'bench-deploys-'));
  try {
    const deploy = () => run(['npm', 'run', 'deploy', '--', 'reports'], { WEB_ROOT: webRoot });
    const first = deploy();
    const checks = /type check ([\d.]+) s, tests ([\d.]+) s, passed/.exec(first.stdout);
    if (!checks) throw new Error(`the deploy printed no checks:\n${first.stdout}`);
    const [typecheck, tests] = [Number(checks[1]), Number(checks[2])];
    const again = deploy();
    if (!/unchanged since version \w+ .*(nothing to do|not rebuilt)/.test(again.stdout)) {
      throw new Error(`the second deploy did not serve the version built:\n${again.stdout}`);
    }
    return [
      {
        label: 'deploy gate of mf-reports (type check and tests)',
        value: typecheck + tests,
        unit: 's',
        budget: DELIVERY_BUDGETS.gateSeconds,
        detail: `type check ${typecheck.toFixed(1)} s, tests ${tests.toFixed(1)} s; whole first deploy ${first.seconds.toFixed(1)} s`,
      },
      {
        label: 'deploy of unchanged source (npm run deploy -- reports)',
        value: again.seconds,
        unit: 's',
        budget: DELIVERY_BUDGETS.unchangedDeploySeconds,
        detail: 'served the version built from the same inputs, no build',
      },
    ];
  } finally {
    rmSync(webRoot, { recursive: true, force: true });
  }
}

export const builds: Measure = { name: 'builds', run: async () => measureBuilds() };
export const deploys: Measure = { name: 'deploys', run: async () => measureDeploys() };
