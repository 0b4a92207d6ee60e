// End-to-end tests: jest drives Debian's Chromium through playwright-core against the API server
// that global-setup starts from the builds (one server for the whole run, files in sequence).
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // A hang's safety net, not a measure: one limit for every test, minutes on a busy machine.
  testTimeout: 300_000,
  maxWorkers: 1,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};
