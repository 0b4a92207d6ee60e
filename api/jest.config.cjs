// ES-module tests on PGlite (jest.base.cjs at the root).
const base = require('../jest.base.cjs');
module.exports = {
  ...base,
  testTimeout: 90000,
  // On a real PostgreSQL (npm run test:postgres) every test file shares one database and empties
  // it between tests, so the files must run one after another.
  ...(process.env.TEST_DATABASE_URL ? { maxWorkers: 1 } : {}),
  // A test file leaves its worker holding far more than it found (its own copy of every module,
  // an embedded database's memory), and one process that ran file after file spent ever longer
  // collecting garbage: a file's time outside its tests grew from 2 s to 10 or 15 s by the end of
  // a run. A worker holding more than this after a file is replaced by a new one (with this set,
  // jest runs even one worker as a child process, not inside its own). Both API runs side by side:
  // PGlite 1,304 s -> 847 s, PostgreSQL 752 s -> 578 s.
  workerIdleMemoryLimit: '300MB',
};
