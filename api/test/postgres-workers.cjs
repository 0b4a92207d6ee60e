// On a real PostgreSQL (TEST_DATABASE_URL, scripts/with-postgres.sh) the API files run on several
// jest workers at once, and each worker has a database of its own in the same cluster: a file
// empties every table before each test and takes the server's advisory locks, so two files must
// never share a database at once. The databases are named after the suite's one, `<name>_w<n>`
// for jest worker n (JEST_WORKER_ID: 1 for the first worker, and a worker that jest replaces
// keeps its number, so two files running at the same time are always on two databases).
//
// The global set-up creates one per worker, empty; the first file a worker runs migrates it,
// as the first file did the one shared database (0.7 s; a migrated template would save half of
// that once per worker). The test environment then points TEST_DATABASE_URL at the worker's
// database before a file is loaded, so everything that reads it (the helpers, the tests that
// open connections or create databases of their own, the server processes they start with it)
// uses that database. The suite's own database stays as it was, unused.

/** The variable that keeps the suite's database URL while TEST_DATABASE_URL is the worker's. */
const SUITE_URL = 'TEST_DATABASE_SUITE_URL';

/** The URL of jest worker `worker`'s database beside the suite's. */
function workerDatabaseUrl(suiteUrl, worker) {
  const url = new URL(suiteUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`TEST_DATABASE_URL names the database "${name}": use a plain lower-case name`);
  }
  url.pathname = `/${name}_w${worker}`;
  return url.href;
}

/**
 * Global set-up: on PostgreSQL, keeps the suite's URL aside for the workers and creates the
 * database of each of them that does not exist yet.
 */
async function createWorkerDatabases(globalConfig) {
  const suiteUrl = process.env[SUITE_URL] || process.env.TEST_DATABASE_URL;
  if (!suiteUrl) return;
  // Set before jest starts its workers: they inherit this process's environment.
  process.env[SUITE_URL] = suiteUrl;
  const { Client } = require('pg');
  const admin = new Client({ connectionString: suiteUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT datname FROM pg_database');
    const existing = new Set(rows.map((row) => row.datname));
    for (let worker = 1; worker <= Math.max(1, globalConfig.maxWorkers); worker += 1) {
      const name = new URL(workerDatabaseUrl(suiteUrl, worker)).pathname.slice(1);
      if (!existing.has(name)) await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
}

/** In a worker: TEST_DATABASE_URL becomes the URL of this worker's database. */
function useWorkerDatabase() {
  const suiteUrl = process.env[SUITE_URL];
  if (!suiteUrl) return;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(suiteUrl, process.env.JEST_WORKER_ID || '1');
}

module.exports = { createWorkerDatabases, useWorkerDatabase, workerDatabaseUrl };
