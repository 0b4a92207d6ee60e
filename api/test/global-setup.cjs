// Global set-up of the API files: the Node version check every jest run makes, then on
// PostgreSQL a database for each worker (postgres-workers.cjs).
const checkNodeVersion = require('../../jest.node-version.cjs');
const { createWorkerDatabases } = require('./postgres-workers.cjs');

module.exports = async function globalSetup(globalConfig) {
  checkNodeVersion();
  await createWorkerDatabases(globalConfig);
};
