// npm run bench:teams:delivery: what a team that ships alone waits for, each figure printed with
// its budget; exit 1 when one is beyond it.
//   - a second identical `npm run build` against the first: at most 10% (lerna's task runner
//     reads every package's build from its cache). Both run on a cache and task data of their
//     own in a temporary folder, so the first is a full build whatever the checkout's .nx/ holds
//   - the deploy gate, mf-reports' type check and tests before its build: at most 60 s
//   - a deploy of unchanged source: at most 3 s (the version built from the same inputs is
//     served again, not rebuilt)
// The deploys go to a temporary web root (WEB_ROOT), never the repository's releases.
// The measures are exported for a bench that runs several (npm run bench:teams).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Figure {
  name: string;
  value: number;
  unit: 's' | '%';
  budget: number;
  detail?: string;
}

export const DELIVERY_BUDGETS = {
  secondBuildPercent: 10,
  gateSeconds: 60,
  unchangedDeploySeconds: 3,
} as const;

function run(command: string[], env: NodeJS.ProcessEnv = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd: repoRoot,
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
export function measureBuilds(): Figure[] {
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
        name: 'second identical npm run build, share of the first',
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
export function measureDeploys(): Figure[] {
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
        name: 'deploy gate of mf-reports (type check and tests)',
        value: typecheck + tests,
        unit: 's',
        budget: DELIVERY_BUDGETS.gateSeconds,
        detail: `type check ${typecheck.toFixed(1)} s, tests ${tests.toFixed(1)} s; whole first deploy ${first.seconds.toFixed(1)} s`,
      },
      {
        name: 'deploy of unchanged source (npm run deploy -- reports)',
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

/** Prints each figure with its budget; answers whether every one is within it. */
export function report(figures: Figure[]): boolean {
  let within = true;
  for (const figure of figures) {
    const ok = figure.value <= figure.budget;
    within &&= ok;
    const value =
      figure.unit === '%' ? `${figure.value.toFixed(1)}%` : `${figure.value.toFixed(2)} s`;
    const budget = figure.unit === '%' ? `${figure.budget}%` : `${figure.budget} s`;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${figure.name}: ${value} (budget ${budget})${figure.detail ? `; ${figure.detail}` : ''}`,
    );
  }
  return within;
}

export function measureDelivery(): Figure[] {
  return [...measureBuilds(), ...measureDeploys()];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = report(measureDelivery()) ? 0 : 1;
}
