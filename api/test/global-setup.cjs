// Global set-up of the API files: the Node version check every jest run makes, on PostgreSQL a
// database for each worker (postgres-workers.cjs), and the server built for the tests that start
// it as a process (server-build.cjs), and the packages of many small modules bundled for the
// files (module-bundles.cjs).
const path = require('node:path');
const checkNodeVersion = require('../../jest.node-version.cjs');
const { createWorkerDatabases } = require('./postgres-workers.cjs');
const { buildModuleBundles } = require('./module-bundles.cjs');
const { buildServer, testBuildDir } = require('./server-build.cjs');

module.exports = async function globalSetup(globalConfig, projectConfig) {
  checkNodeVersion();
  await Promise.all([
    createWorkerDatabases(globalConfig),
    buildServer(),
    // The bundles are handed out by jest's resolver (resolver.cjs): a run without it
    // (jest-light-runner, jest.shared-modules.config.cjs, where Node loads every module once per
    // worker) has no use for them.
    projectConfig.resolver === require.resolve('./resolver.cjs')
      ? buildModuleBundles(path.join(testBuildDir(), 'modules'))
      : undefined,
  ]);
};
