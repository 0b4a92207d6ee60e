// Global set-up of the browser packages' component tests: the Node version check every jest run
// makes, the CommonJS copy of the ES-module packages they load (jest.web.esm-packages.cjs), and,
// for the shell's and the remotes' (whose resolver hands it out), this run's bundle of the
// libraries they load (jest.web.libraries.cjs). shared-ui's own tests load those from source.
const checkNodeVersion = require('./jest.node-version.cjs');
const { buildEsmPackages } = require('./jest.web.esm-packages.cjs');
const { buildLibraries } = require('./jest.web.libraries.cjs');

module.exports = async function globalSetup(_globalConfig, projectConfig) {
  checkNodeVersion();
  await buildEsmPackages();
  if (projectConfig.resolver === require.resolve('./jest.web.resolver.cjs')) await buildLibraries();
};
