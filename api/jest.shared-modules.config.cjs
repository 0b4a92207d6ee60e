// The API files on PostgreSQL (scripts/test.mjs, the PostgreSQL lane): the same files and tests as
// jest.config.cjs, run by jest-light-runner. It imports each file with Node's own loader (the
// TypeScript through tsx, `npm run test:shared-modules`), in worker threads that keep what they
// loaded: the sources, fastify, kysely and the rest are loaded once per worker, not once per file
// as jest's module registry does (about 1.1 s of processor time for each file that builds the
// app). Alone on a quiet machine, the 106 files: 505-513 -> 330 machine processor-s, 275 -> 184 s.
//   What a file shares with the files before it on its worker: the modules' own state. A file
// still starts from an emptied database (helpers.ts's reset) and builds its own app; the files
// that need a module's state of their own (none today) would stay on jest.config.cjs.
const base = require('./jest.config.cjs');

const { globalSetup, globalTeardown, modulePathIgnorePatterns, testMatch, testTimeout } = base;
module.exports = {
  testMatch,
  modulePathIgnorePatterns,
  testTimeout,
  globalSetup,
  globalTeardown,
  // The database of the worker a file runs on (the worker threads' JEST_WORKER_ID).
  setupFiles: ['<rootDir>/test/worker-database-setup.cjs'],
  runner: 'jest-light-runner',
};
