// The build's own tests: plain ES modules, as Node runs them (no transform).
module.exports = {
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
};
