// `npm test`: every check and every test of the repository, in lanes that run side by side
// once the contract is built (the servers and scripts the tests start import its dist/):
//
//   - one production build of the api, the shell and the remotes (the web apps in the test
//     profile: no source maps, no compressed copies), then the end-to-end tests
//     against it (E2E_SKIP_BUILD=1: they do not build again), then the component tests of
//     shared-ui, the remotes and the shell (one jest run over their configs), then the type
//     check, lint and the format check
//   - the contract's tests, then the API suite on PGlite but for three files, with 3,000 of the
//     hostile suite's spoilt requests (seed 1 under CI) rather than its 10,000
//   - those three files on PGlite (their tests start processes of their own: the longest files)
//   - with TEST_POSTGRES=1 (CI), the API suite on a throw-away PostgreSQL cluster, as
//     `npm run test:postgres` runs it, but for the files that do not depend on the database
//     (engineIndependentFiles), and with 3,000 of the hostile suite's spoilt requests (seed 2)
//
// A failed step fails the run, and the rest of its lane still runs (the end-to-end tests only when
// the build passed). Each step's output is printed
// whole when it ends (lanes would interleave line by line otherwise), then the time of every
// step and the tests counted. The exit code is 1 when any step failed.
import { spawn } from 'node:child_process';
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
 * The API files whose tests start processes of their own on the embedded database (backup and
 * restore commands, a restart, a scheduled backup): the longest files of the PGlite run. They run
 * beside the rest of it, so that the PGlite run does not end alone on one core.
 */
const ownProcessFiles = [
  'test/backup.test.ts',
  'test/restart.test.ts',
  'test/backup-schedule.test.ts',
];
/**
 * The API files the PostgreSQL run leaves out: each checks a layer that reads or writes the
 * database no differently on either (the HTTP server's framing, timeouts and error shapes, the
 * readers of uploaded and imported files, image decoding, the OpenAPI document, static files,
 * the event loop of the embedded database), so on PostgreSQL it would run the same code again and
 * find nothing new, at a sixth of the lane's time. Storing and reading receipts, every export and
 * report, imports, races and backups run on both.
 */
const engineIndependentFiles = [
  'test/body-charset.test.ts',
  'test/error-shapes.test.ts',
  'test/event-loop-guard.test.ts',
  'test/hostile-import-files.test.ts',
  'test/hostile-uploads.test.ts',
  'test/openapi.test.ts',
  'test/receipt-images.test.ts',
  'test/slow-clients.test.ts',
  'test/strict-input.test.ts',
  'test/web-static.test.ts',
  // The guard every write passes (src/routes/route.ts), walked over the route table; the
  // statement drawn in a worker thread; pictures placed in a workbook; the password rules.
  // What they read and write of the database (users, entries, the company's logo as bytes)
  // other files check on PostgreSQL.
  'test/viewer.test.ts',
  'test/export-load.test.ts',
  'test/excel-logo.test.ts',
  'test/password-policy.test.ts',
];
/**
 * The hostile suite's spoilt requests in each API run: 3,000, of seed 1 on PGlite (under CI) and
 * seed 2 on PostgreSQL, so that a run sends 6,000 different ones, some twenty a route on each
 * engine. `npm run test:hostile` sends its 10,000.
 */
const hostileRequests = process.env.HOSTILE_REQUESTS ?? '3000';
/** A jest path pattern that matches this file only. */
const exactly = (file) => `/${file.replaceAll('.', '\\.')}$`;

const first = [step('build contract', npm('run', 'build', '-w', 'contract'))];
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
    // One jest run over every browser package's own config: one start instead of six.
    step(`test ${webPackages.join(', ')}`, [
      'node',
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--projects',
      ...webPackages,
    ]),
    // Last in the lane that ends first: the two API suites set the length of the others.
    step('typecheck', npm('run', 'typecheck', '--', '--concurrency', '1')),
    step('lint', npm('run', 'lint')),
  ],
  [
    step('test contract', npm('test', '-w', 'contract')),
    step(
      'test api (PGlite)',
      npm('test', '-w', 'api', '--', '--testPathIgnorePatterns', ...ownProcessFiles.map(exactly)),
      { env: { HOSTILE_REQUESTS: hostileRequests } },
    ),
  ],
  [
    step(
      `test api (PGlite): ${ownProcessFiles.join(', ')}`,
      npm('test', '-w', 'api', '--', '--runTestsByPath', ...ownProcessFiles),
    ),
  ],
  [
    ...(process.env.TEST_POSTGRES === '1'
      ? [
          step(
            'test api (PostgreSQL)',
            [
              'bash',
              'scripts/with-postgres.sh',
              ...npm('test', '-w', 'api', '--', '--testPathIgnorePatterns'),
              ...engineIndependentFiles.map(exactly),
            ],
            { env: { HOSTILE_REQUESTS: hostileRequests, HOSTILE_SEED: '2' } },
          ),
        ]
      : []),
  ],
];

/** @type {{ name: string, seconds: number, code: number, output: string }[]} */
const results = [];

/** Runs one step with its output collected; prints it when the step ends. */
function run({ name, command, env }) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
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
        output,
      };
      results.push(result);
      const status = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      process.stdout.write(`\n==> ${name}: ${status} in ${result.seconds.toFixed(0)} s\n${output}`);
      resolve(result.code === 0);
    });
  });
}

/** Runs the steps of a lane one after another; true when every one passed. */
async function lane(steps) {
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
  return passed;
}

/** Runs lanes side by side; true when every one passed. */
async function together(lanes) {
  const passed = await Promise.all(lanes.map(lane));
  return passed.every(Boolean);
}

let ok = await lane(first);
if (ok) ok = await together(lanes);

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

process.stdout.write('\n==> steps\n');
for (const { name, seconds, code } of results) {
  process.stdout.write(
    `${seconds.toFixed(0).padStart(5)} s  ${code === 0 ? 'ok    ' : 'FAILED'}  ${name}\n`,
  );
}
process.stdout.write(`${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
