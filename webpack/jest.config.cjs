// The build's own tests: plain ES modules, as Node runs them (no transform).
module.exports = {
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
  // Several tests run a real production webpack build (the endpoint table, a remote's chunks,
  // contract with and without the TypeBox facade): one to three seconds each on a quiet machine,
  // several times as long when `npm test` runs them beside the API suites and the apps' builds on
  // two cores, past jest's 5 s default. A build that hangs still fails, later.
  testTimeout: 60000,
};
