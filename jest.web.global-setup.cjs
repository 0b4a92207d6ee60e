// Global set-up of the shell's and the remotes' component tests: the Node version check every
// jest run makes, and this run's bundle of the libraries they load (jest.web.libraries.cjs).
const checkNodeVersion = require('./jest.node-version.cjs');
const { buildLibraries } = require('./jest.web.libraries.cjs');

module.exports = async function globalSetup() {
  checkNodeVersion();
  await buildLibraries();
};
