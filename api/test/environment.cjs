// The API files' test environment: jest's node environment, on this worker's database when the
// suite runs on PostgreSQL (postgres-workers.cjs). Set in the worker's own environment before
// jest's is built from it, so the file's code and the processes it starts both see it.
const { TestEnvironment } = require('jest-environment-node');
const { useWorkerDatabase } = require('./postgres-workers.cjs');

class ApiTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    useWorkerDatabase();
    super(config, context);
  }
}

module.exports = ApiTestEnvironment;
