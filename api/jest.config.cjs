// ES-module tests on PGlite (jest.base.cjs at the root).
const base = require('../jest.base.cjs');
module.exports = {
  ...base,
  testTimeout: 90000,
  // On a real PostgreSQL (npm run test:postgres) every test file shares one database and empties
  // it between tests, so the files must run one after another.
  ...(process.env.TEST_DATABASE_URL ? { maxWorkers: 1 } : {}),
};
