// Global teardown of the shell's and the remotes' component tests: this run's bundle goes.
const { removeLibraries } = require('./jest.web.libraries.cjs');

module.exports = async function globalTeardown() {
  removeLibraries();
};
