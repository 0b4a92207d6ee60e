// `npm test`: every check and every test of the repository, in lanes that run side by side
// once the contract is built (the servers and scripts the tests start import its dist/):
//
//   - one production build of the api, the shell and the remotes (the web apps in the test
//     profile: no source maps, no compressed copies), then the end-to-end tests
//     against it (E2E_SKIP_BUILD=1: they do not build again), then the type check (TypeScript 7
//     over each package once, the libraries read from their declarations; the api's build does
//     not check it again), the libraries' versions against their exports (`npm run
//     version:libraries -- --check`, on the declarations the type check built), lint and the
//     format check
//   - the contract's tests, then the API suite (below)
//   - the rest of the API suite (below, two files at a time), then the component tests of
//     shared-ui, the remotes and the shell (one jest run over their configs)
//   - the build configuration's tests (webpack/test: its facades, loaders and plugins, through
//     real webpack builds) at the end of the lane that ends first (webpackTests below)
//
// The API suite runs once: every file on one database engine, the one its subject needs.
//
//   - With TEST_POSTGRES=1 (CI): every file on a throw-away PostgreSQL cluster (as
//     `npm run test:postgres` runs it) but for `embeddedFiles`, which run on PGlite in the other
//     lane. The PostgreSQL files run on two workers, each on a database of its own in that
//     cluster (api/test/postgres-workers.cjs), so two files never share one, and by
//     jest-light-runner (api/jest.shared-modules.config.cjs): each worker loads the sources and
//     libraries once, not once per file (the lane's processor time about a third lower).
//       The rule: a file runs on the embedded database (PGlite) when its subject is that
//     database itself: the turns its queries give the server's event loop (it runs on that
//     thread; on PostgreSQL the work is in another process, so the guard would see nothing),
//     its vacuum, its data directory (the lock that keeps a second process out, a restart
//     after SIGTERM or SIGKILL, the backup and restore commands on a directory, the scheduled
//     backups into DATA_DIR/backups). Everything else runs on PostgreSQL: the SQL is the same
//     on both (PGlite is PostgreSQL compiled to WebAssembly), and PostgreSQL adds what the
//     embedded database cannot have (other connections, other processes, races). What differs
//     in the driver (types and shapes of results, error codes) is walked once on PGlite by
//     engine-parity.test.ts: every route of the contract's table answers an admin with a
//     success or an error it names, never a 5xx. A test that needs a new database of its own
//     whose subject is not the engine (a migration of old rows, a restore's refusals) opens it on
//     the run's engine (blankDatabase in api/test/backup-support.ts); one whose subject is a
//     restore across engines (backup.test.ts) or a data directory opens an embedded one.
//       On PGlite: event-loop-guard, export-load, hostile-import-files (the loop's turns),
//       embedded-vacuum, statistics, restart, backup-commands, backup-schedule (the data directory), and
//       engine-parity. On PostgreSQL: every other file (the PostgreSQL-only ones among them:
//       backup-consistency, backup-streaming, backup-schedule-postgres, payroll-processes, postgres-pool,
//       rollup-queue-postgres, and the PostgreSQL parts of many-processes, backups-api, backup,
//       exports-memory).
//   - Without TEST_POSTGRES (no PostgreSQL at hand): every file on PGlite; files about
//     PostgreSQL say they are skipped. `processFiles` (their tests start servers and commands as
//     processes of their own: the longest files) run in the other lane.
//
// The hostile suite sends 1,000 spoilt requests (seed 1 under CI) rather than its 10,000
// (`npm run test:hostile` sends those): each costs the run about 6 ms of processor time, and
// 1,000 still give every route of the table five or six (in turn, each spoilt a way the seed draws).
//
// A failed step fails the run, and the rest of its lane still runs (the end-to-end tests only when
// the build passed). Each step's output is printed whole when it ends (lanes would interleave line
// by line otherwise), then the time of every step and lane, the run's total and the tests counted.
// A step's processor time is its processes' (GNU time); the machine's, read from /proc/stat over
// the run, adds what left the steps' processes (Chromium's renderers, the PostgreSQL server).
// The exit code is 1 when any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

/**
 * @typedef {{ name: string, command: string[], env?: Record<string, string>, needsPrevious?: boolean }} Step
 */

/** @type {(name: string, command: string[], options?: Partial<Step>) => Step} */
const step = (name, command, options = {}) => ({ name, command, ...options });
const npm = (...args) => ['npm', ...args];

const webPackages = ['shared-ui', 'mf-people', 'mf-entries', 'mf-reports', 'mf-settings', 'shell'];

/**
 * The API files about the embedded database itself (the rule above): on PGlite under CI.
 * engine-parity.test.ts walks every route there once.
 */
const embeddedFiles = [
  // The loop's turns: hostile files, heavy exports and the import readers beside other requests.
  'test/event-loop-guard.test.ts',
  'test/export-load.test.ts',
  'test/hostile-import-files.test.ts',
  // Its vacuum and its statistics (it has no autovacuum).
  'test/embedded-vacuum.test.ts',
  'test/statistics.test.ts',
  // Its data directory: the lock, a restart, the commands, the schedule.
  'test/restart.test.ts',
  'test/backup-commands.test.ts',
  'test/backup-schedule.test.ts',
  'test/engine-parity.test.ts',
];
/**
 * The API files whose tests start servers and commands as processes of their own, each on a data
 * directory: the longest files. Without PostgreSQL they run in a lane of their own, beside the
 * rest of the PGlite run, so that it does not end alone on one core.
 */
const processFiles = [
  'test/restart.test.ts',
  'test/backup-commands.test.ts',
  'test/backup-schedule.test.ts',
];
const hostileRequests = process.env.HOSTILE_REQUESTS ?? '1000';
/** A jest path pattern that matches this file only. */
const exactly = (file) => `/${file.replaceAll('.', '\\.')}$`;

const first = [step('build contract', npm('run', 'build', '-w', 'contract'))];
/**
 * The build configuration's own tests (webpack/test): the facades, loaders and plugins every
 * browser bundle is built with, several of them through real webpack builds. Last in the lane
 * that ends first, where they fit in its slack rather than beside the apps' production build that
 * the end-to-end tests wait for: under TEST_POSTGRES=1 the PostgreSQL lane, which its files'
 * shared modules (jest-light-runner) made the shortest (ended at 473-501 s against 498-553 s for
 * the other two in the last three CI runs).
 */
const webpackTests = step('test webpack', npm('test', '-w', 'webpack'));
/**
 * One jest run over every browser package's own config (one start instead of six), in the lane of
 * the API files that start processes of their own: those mostly wait (for a child process, a
 * restart, a data directory), so their lane has the processor time to spare, where the end-to-end
 * tests' lane, after the build, has none.
 *   On two workers: jest's default on two cores is one, and this lane is often the last to end,
 * on one core while the other has nothing left to do (43 s of a run's end). Alone on a quiet
 * machine: 95 s on two workers, 137 to 168 s on one, for the same processor time (163 s; 136 to
 * 172 on one).
 */
const componentTests = step(`test ${webPackages.join(', ')}`, [
  'node',
  // No --experimental-vm-modules: CommonJS only (jest.web.esm-packages.cjs).
  'node_modules/jest/bin/jest.js',
  '--maxWorkers=2',
  '--projects',
  ...webPackages,
]);
const lanes = [
  [
    // The web apps in the test profile (webpack/create-config.mjs): the production bundles
    // without source maps and Brotli/gzip copies, which only a deployed build uses.
    step(
      'build api, shell, remotes',
      npm('run', 'build', '--', '--ignore', 'contract', '--ignore', 'shared-ui', '--ignore', 'e2e'),
      { env: { BUILD_PROFILE: 'test' } },
    ),
    step('test e2e', npm('test', '-w', 'e2e'), {
      env: { E2E_SKIP_BUILD: '1' },
      needsPrevious: true,
    }),
    // Last in this lane: the API suites set the length of the others.
    step('typecheck', npm('run', 'typecheck', '--', '--concurrency', '1')),
    // contract and shared-ui export what their versions record (api-surface.json), read from the
    // declarations the type check has just built (TypeScript 5.9, as the deploy's gate reads them).
    step('library versions', npm('run', 'version:libraries', '--', '--check')),
    step('lint', npm('run', 'lint')),
  ],
  ...(process.env.TEST_POSTGRES === '1'
    ? [
        [
          step('test contract', npm('test', '-w', 'contract')),
          step(
            'test api (PostgreSQL)',
            [
              'bash',
              'scripts/with-postgres.sh',
              ...npm(
                'run',
                'test:shared-modules',
                '-w',
                'api',
                '--',
                '--maxWorkers=2',
                '--testPathIgnorePatterns',
              ),
              ...embeddedFiles.map(exactly),
            ],
            { env: { HOSTILE_REQUESTS: hostileRequests } },
          ),
          webpackTests,
        ],
        [
          step(
            `test api (PGlite): ${embeddedFiles.map((file) => path.basename(file, '.test.ts')).join(', ')}`,
            // Two at a time: most of their time is waiting on processes and data directories.
            npm('test', '-w', 'api', '--', '--maxWorkers=2', '--runTestsByPath', ...embeddedFiles),
          ),
          componentTests,
        ],
      ]
    : [
        [
          step('test contract', npm('test', '-w', 'contract')),
          step(
            'test api (PGlite)',
            npm(
              'test',
              '-w',
              'api',
              '--',
              '--testPathIgnorePatterns',
              ...processFiles.map(exactly),
            ),
            { env: { HOSTILE_REQUESTS: hostileRequests } },
          ),
        ],
        [
          step(
            `test api (PGlite): ${processFiles.map((file) => path.basename(file, '.test.ts')).join(', ')}`,
            npm('test', '-w', 'api', '--', '--maxWorkers=2', '--runTestsByPath', ...processFiles),
          ),
          componentTests,
          webpackTests,
        ],
      ]),
];

/** @type {{ name: string, seconds: number, cpu?: number, code: number, output: string }[]} */
const results = [];

/**
 * The processor time of each step (user and system, its processes and every process they waited
 * for), from GNU time where the machine has it: unlike the clock, it does not grow when the
 * lanes share the cores, so it says which step costs the run what. A server that detaches from
 * the step (the PostgreSQL cluster's postmaster) is not counted.
 */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const cpuFolder = gnuTime ? mkdtempSync(path.join(os.tmpdir(), 'test-cpu-')) : undefined;
process.on('exit', () => cpuFolder && rmSync(cpuFolder, { recursive: true, force: true }));

/** Runs one step with its output collected; prints it when the step ends. */
function run({ name, command, env }) {
  const begun = Date.now();
  const cpuFile = cpuFolder && path.join(cpuFolder, `${results.length}-${Date.now()}`);
  const argv =
    gnuTime && cpuFile ? [gnuTime, '-q', '-f', '%U %S', '-o', cpuFile, ...command] : command;
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const result = {
        name,
        seconds: (Date.now() - begun) / 1000,
        code: code ?? (signal ? 1 : 0),
        cpu: cpuSeconds(cpuFile),
        output,
      };
      results.push(result);
      const status = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      process.stdout.write(`\n==> ${name}: ${status} in ${result.seconds.toFixed(0)} s\n${output}`);
      resolve(result.code === 0);
    });
  });
}

/** User plus system seconds GNU time wrote for a step; undefined without it. */
function cpuSeconds(file) {
  if (!file || !existsSync(file)) return undefined;
  const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
  const [user, system] = last.split(' ').map(Number);
  return Number.isFinite(user) && Number.isFinite(system) ? user + system : undefined;
}

/**
 * The busy processor time of the whole machine so far (every state of /proc/stat's first line
 * but idle and I/O wait), in seconds; undefined where there is no /proc/stat. GNU time counts a
 * step's processes and those they waited for: not those that left them (Chromium's renderers,
 * the PostgreSQL server), which this does count.
 */
function machineCpuSeconds() {
  if (!existsSync('/proc/stat')) return undefined;
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + (steal || 0)) / ticksPerSecond;
}

/** /proc/stat's ticks per second (USER_HZ). */
const ticksPerSecond = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100,
);

/** @type {{ steps: string[], seconds: number }[]} */
const laneTimes = [];

/** Runs the steps of a lane one after another; true when every one passed. */
async function lane(steps) {
  const begun = Date.now();
  let passed = true;
  let previous = true;
  for (const each of steps) {
    if (each.needsPrevious && !previous) {
      process.stdout.write(`\n==> ${each.name}: not run (the step before it failed)\n`);
      results.push({ name: each.name, seconds: 0, code: 1, output: '' });
      continue;
    }
    previous = await run(each);
    passed &&= previous;
  }
  laneTimes.push({ steps: steps.map((each) => each.name), seconds: (Date.now() - begun) / 1000 });
  return passed;
}

/** Runs lanes side by side; true when every one passed. */
async function together(lanes) {
  const passed = await Promise.all(lanes.map(lane));
  return passed.every(Boolean);
}

const machineAtStart = machineCpuSeconds();
let ok = await lane(first);
if (ok) ok = await together(lanes);
const machineCpu =
  machineAtStart === undefined ? undefined : (machineCpuSeconds() ?? 0) - machineAtStart;

// Jest's own closing lines ("Tests:       1 failed, 77 passed, 78 total"), added up.
let passed = 0;
let failed = 0;
for (const { output } of results) {
  const plain = stripVTControlCharacters(output);
  for (const [, counts] of plain.matchAll(/^Tests:\s+(.*)$/gm)) {
    passed += Number(/(\d+) passed/.exec(counts)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(counts)?.[1] ?? 0);
  }
}

process.stdout.write(`\n==> steps (clock${gnuTime ? ', processor' : ''})\n`);
for (const { name, seconds, cpu, code } of results) {
  const processor = cpu === undefined ? '' : `${cpu.toFixed(0).padStart(6)} s cpu`;
  process.stdout.write(
    `${seconds.toFixed(0).padStart(5)} s${processor}  ${code === 0 ? 'ok    ' : 'FAILED'}  ${name}\n`,
  );
}
const cpuTotal = results.reduce((sum, { cpu }) => sum + (cpu ?? 0), 0);
if (gnuTime) process.stdout.write(`${cpuTotal.toFixed(0).padStart(13)} s cpu in all steps\n`);
if (machineCpu !== undefined) {
  process.stdout.write(
    `${machineCpu.toFixed(0).padStart(13)} s cpu on the machine meanwhile` +
      (gnuTime
        ? ` (${(machineCpu - cpuTotal).toFixed(0)} s not in a step's count: processes that left their step, such as Chromium's renderers and the PostgreSQL server)`
        : '') +
      '\n',
  );
}
process.stdout.write('\n==> lanes\n');
for (const { steps, seconds } of laneTimes) {
  const names = steps.join(' > ');
  process.stdout.write(
    `${seconds.toFixed(0).padStart(5)} s  ${names.length > 100 ? `${names.slice(0, 97)}...` : names}\n`,
  );
}
process.stdout.write(`${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
