// End-to-end tests: jest drives Debian's Chromium through playwright-core against the API server
// that global-setup starts from the builds (one server for the whole run, files in sequence).
//   The files run by jest-light-runner, on one worker that keeps its modules loaded from one file
// to the next (the TypeScript through tsx: `npm test` runs node with --import tsx): so the
// worker's connection to the run's Chromium, and its browser context per address, serve every
// file (launch() in support/browser.ts), rather than each file paying for a new renderer
// process and a first load with nothing cached. 80 tests on a quiet machine: 193 -> 158 machine
// processor-s, 153 -> 136 s.
//   That runner has no per-test time limit (testTimeout): the test script bounds the run instead
// (`timeout --foreground 30m`), so a test that waits for what never comes fails the run rather
// than holding it until CI's own limit.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  // Run by jest itself, in its own process, before and after the worker: TypeScript through swc.
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  maxWorkers: 1,
  runner: 'jest-light-runner',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};
