// Jest cannot require() an ES module on Node 20 (Node itself can), and two CommonJS
// dependencies require ESM-only packages: @fastify/static needs content-disposition 3 and
// light-my-request (app.inject) needs cookie 2. Tests get CommonJS builds of the same API.
const base = require('../jest.base.cjs');
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^content-disposition$': '<rootDir>/../node_modules/content-disposition-cjs/dist/index.js',
    '^cookie$': '<rootDir>/../node_modules/cookie-cjs/dist/index.js',
  },
  testTimeout: 30000,
  // On a real PostgreSQL (npm run test:postgres) every test file shares one database and empties
  // it between tests, so the files must run one after another.
  ...(process.env.TEST_DATABASE_URL ? { maxWorkers: 1 } : {}),
};
