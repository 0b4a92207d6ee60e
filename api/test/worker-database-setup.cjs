// Set-up of each worker of jest-light-runner (jest.shared-modules.config.cjs): on PostgreSQL, the
// worker's database, as the test environment does under jest's own runner (environment.cjs).
const { useWorkerDatabase } = require('./postgres-workers.cjs');

module.exports = function workerDatabase() {
  useWorkerDatabase();
};
