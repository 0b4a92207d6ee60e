// ES-module tests on PGlite (jest.base.cjs at the root).
const base = require('../jest.base.cjs');
module.exports = {
  ...base,
  // A hang's safety net, not a measure: on a slow two-core machine kept busy by the other lanes,
  // the longest tests (processes, backups, hostile rounds) take minutes. One limit for every test.
  testTimeout: 600_000,
  // The Node version check, and on a real PostgreSQL (npm run test:postgres) a database for each
  // jest worker, which the environment hands to the files that worker runs: a file empties every
  // table between tests, so two files running at once must not share one (test/postgres-workers.cjs).
  globalSetup: '<rootDir>/test/global-setup.cjs',
  globalTeardown: '<rootDir>/test/global-teardown.cjs',
  // This run's builds: the server the tests start as a process (test/server-build.cjs) and the
  // bundled packages (test/module-bundles.cjs), which the resolver hands out by their path.
  modulePathIgnorePatterns: ['<rootDir>/.test-builds/'],
  testEnvironment: '<rootDir>/test/environment.cjs',
  // Jest's resolver, but for the packages bundled once per run (test/module-bundles.cjs).
  resolver: '<rootDir>/test/resolver.cjs',
  // A test file leaves its worker holding far more than it found (its own copy of every module,
  // an embedded database's memory), and one process that ran file after file spent ever longer
  // collecting garbage: a file's time outside its tests grew from 2 s to 10 or 15 s by the end of
  // a run. A worker holding more than this after a file is replaced by a new one (with this set,
  // jest runs even one worker as a child process, not inside its own). Both API runs side by side:
  // PGlite 1,304 s -> 847 s, PostgreSQL 752 s -> 578 s.
  workerIdleMemoryLimit: '300MB',
  // The test command (package.json) runs node, and so every worker, with --liftoff-only: the
  // embedded database's WebAssembly is compiled once by V8's baseline compiler, never again by
  // its optimising one, which a test file's few seconds of queries never paid back (as the
  // server processes the tests start, SHORT_LIVED_NODE_ARGS). embedded-vacuum 11.5 -> 9.2 s,
  // clients 16.6 -> 13.6 s of processor time; the nine files of the embedded lane together
  // about 176 s, against 229 s in the last CI run.
};
