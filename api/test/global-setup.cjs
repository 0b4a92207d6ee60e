// Global set-up of the API files: the Node version check every jest run makes, on PostgreSQL a
// database for each worker (postgres-workers.cjs), and the server built for the tests that start
// it as a process (server-build.cjs).
const checkNodeVersion = require('../../jest.node-version.cjs');
const { createWorkerDatabases } = require('./postgres-workers.cjs');
const { buildServer } = require('./server-build.cjs');

module.exports = async function globalSetup(globalConfig) {
  checkNodeVersion();
  await Promise.all([createWorkerDatabases(globalConfig), buildServer()]);
};
