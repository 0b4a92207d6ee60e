// The API files on PostgreSQL (scripts/test.mjs, the PostgreSQL lane): the same files and tests as
// jest.config.cjs, run by jest-light-runner. It imports each file with Node's own loader (the
// TypeScript through tsx, `npm run test:shared-modules`), in worker threads that keep what they
// loaded: the sources, fastify, kysely and the rest are loaded once per worker, not once per file
// as jest's module registry does (about 1.1 s of processor time for each file that builds the
// app). Alone on a quiet machine, the 106 files: 505-513 -> 299-344 machine processor-s, 271-275 ->
// 170-192 s.
//   What a file shares with the files before it on its worker: the modules' own state. A file
// still starts from an emptied database (helpers.ts's reset) and builds its own app, so:
//   - a test helper makes what is its file's own (a web root, a folder) in its beforeAll, not when
//     the module loads (the next file would get the folder the last one's afterAll removed:
//     remote-health-fixture.ts);
//   - state the server keeps in memory is kept per database or per app, as separate servers would
//     have it, not per module (the loads a user may have recorded in a minute: remote-loads.ts).
// Checked by running the files in shuffled orders (a --testSequencer that shuffles).
//   jest-light-runner has no per-test time limit (testTimeout): the npm script bounds the whole
// run instead (`timeout --foreground 30m`, some five times the lane's length on CI), so a test
// that waits for what never comes fails the run rather than holding it until CI's own limit.
const base = require('./jest.config.cjs');

const { globalSetup, globalTeardown, modulePathIgnorePatterns, testMatch } = base;
module.exports = {
  testMatch,
  modulePathIgnorePatterns,
  globalSetup,
  globalTeardown,
  // The database of the worker a file runs on (the worker threads' JEST_WORKER_ID).
  setupFiles: ['<rootDir>/test/worker-database-setup.cjs'],
  runner: 'jest-light-runner',
};
