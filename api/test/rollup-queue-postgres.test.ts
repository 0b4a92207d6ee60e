// The roll-up queue (migration 021) beside other connections on a real PostgreSQL: the upgrade
// while a writer of the previous version is in flight, a restore while a server folds, and a
// database that publishes its tables. Only under TEST_DATABASE_URL (`npm run test:postgres`):
// the embedded database has one connection, so none of this can happen on it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { restoreBackup, takeBackup } from '../src/backup/index.js';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { foldRollups, startRollupFolder } from '../src/db/rollup-folder.js';
import { newPostgresDatabase } from './helpers.js';

const signingKey = randomBytes(32);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON =
  'needs a real PostgreSQL for a second connection: runs under `npm run test:postgres` ' +
  '(TEST_DATABASE_URL); the embedded database has one connection';

const ENTRY = `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                                   entry_date)`;

/** The sum of the entries and of both roll-up views, as text. */
const sums = async (db: pg.Pool | pg.PoolClient) =>
  (
    await db.query<{ entries: string; daily: string; monthly: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0)::text FROM entries) AS entries,
              (SELECT coalesce(sum(total), 0)::text FROM entry_daily_current) AS daily,
              (SELECT coalesce(sum(total), 0)::text FROM entry_monthly_current) AS monthly`,
    )
  ).rows[0];

const settled = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

if (!onPostgres) {
  test.skip(`the roll-up queue beside other connections (${SKIP_REASON})`, () => {
    // skipped: see the reason in the name
  });
} else {
  describe('the roll-up queue beside other connections', () => {
    const databases: string[] = [];
    const handles: DatabaseHandle[] = [];
    const pools: pg.Pool[] = [];
    let work: string;

    /** A new database migrated up to `upTo` (all when undefined), with one client. */
    async function database(upTo?: number) {
      const handle = await newPostgresDatabase('rollup_queue', databases);
      handles.push(handle);
      await migrate(migrationRunner(handle.transaction), upTo === undefined ? {} : { upTo });
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${databases[databases.length - 1]}`;
      const pool = new pg.Pool({ connectionString: url.href, max: 4 });
      // An idle connection the server ends (the DROP ... WITH (FORCE) below, should one still be
      // open) is dropped, as the server's own pool does (db/index.ts), rather than raised as an
      // unhandled event that stops the worker and whatever file it runs next.
      pool.on('error', () => undefined);
      pools.push(pool);
      await pool.query(
        `INSERT INTO clients (name, email, company_name) VALUES ('Acme', 'a@test.local', 'Acme')`,
      );
      return { handle, pool, url: url.href };
    }

    beforeAll(async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'rollup-queue-'));
    });

    afterAll(async () => {
      for (const pool of pools) await pool.end();
      for (const handle of handles) await handle.close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      for (const name of databases)
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(work, { recursive: true, force: true });
    });

    test('the upgrade waits for a writer of the previous version and keeps its sum', async () => {
      const { handle, pool } = await database(20);
      await pool.query(`${ENTRY} VALUES ('income', 1, 'Acme', 10, 'Credit', '', '2025-02-01')`);
      // A process not yet restarted is recording an entry: its roll-up runs at its commit.
      const writer = await pool.connect();
      try {
        await writer.query('BEGIN');
        await writer.query(`${ENTRY} VALUES ('income', 1, 'Acme', 5, 'Credit', '', '2025-02-01')`);
        const upgrade = migrate(migrationRunner(handle.transaction));
        expect(await settled(upgrade, 500)).toBe(false);
        await writer.query('COMMIT');
        await upgrade;
      } finally {
        writer.release();
      }
      expect(await sums(pool)).toEqual({ entries: '15.00', daily: '15.00', monthly: '15.00' });
      // One row per key, and the new trigger queues.
      expect((await pool.query('SELECT total::text FROM entry_daily')).rows).toEqual([
        { total: '15.00' },
      ]);
      await pool.query(`${ENTRY} VALUES ('income', 1, 'Acme', 2.5, 'Credit', '', '2025-02-01')`);
      expect(await sums(pool)).toEqual({ entries: '17.50', daily: '17.50', monthly: '17.50' });
    });

    test('a fold gives way to a restore holding the tables, which then rebuilds', async () => {
      const { handle, pool } = await database();
      await pool.query(
        `${ENTRY} SELECT 'income', 1, 'Acme', 1 + g % 100, 'Credit', '', DATE '2024-01-01' + g % 700
         FROM generate_series(1, 5000) AS g`,
      );
      const file = path.join(work, 'restore.backup');
      await takeBackup(handle, file, { takenBy: 'test', signingKey });

      // What a restore does first: every table taken (TRUNCATE), the rebuild only at its end.
      const restorer = await pool.connect();
      try {
        await restorer.query('BEGIN');
        await restorer.query('LOCK TABLE entry_rollup_queue, entry_daily, entry_monthly');
        const fold = foldRollups(handle.db);
        expect(await settled(fold, 5000)).toBe(true);
        expect(await fold).toBe(0);
        await restorer.query('SELECT rebuild_entry_rollups()');
        await restorer.query('COMMIT');
      } finally {
        restorer.release();
      }

      // And a whole restore while a server process folds every 10 ms.
      const warnings: unknown[] = [];
      const folder = startRollupFolder(handle.db, 10, {
        warn: (error: unknown) => warnings.push(error),
        info: () => undefined,
      });
      try {
        await restoreBackup(handle, file, { replace: true, signingKey });
      } finally {
        await folder.stop();
      }
      expect(warnings).toEqual([]);
      const restored = await sums(pool);
      expect(restored?.daily).toBe(restored?.entries);
      expect(restored?.monthly).toBe(restored?.entries);
      expect(Number(restored?.entries)).toBeGreaterThan(0);
    });

    test('folds and rebuilds on a database that publishes every table', async () => {
      const { pool } = await database();
      await pool.query('CREATE PUBLICATION rollup_queue_all FOR ALL TABLES');
      try {
        await pool.query(`${ENTRY} VALUES ('income', 1, 'Acme', 4.75, 'Credit', '', '2025-02-01')`);
        expect((await pool.query('SELECT fold_entry_rollups()::int AS n')).rows).toEqual([
          { n: 1 },
        ]);
        await pool.query('SELECT rebuild_entry_rollups()');
        expect(await sums(pool)).toEqual({ entries: '4.75', daily: '4.75', monthly: '4.75' });
      } finally {
        await pool.query('DROP PUBLICATION rollup_queue_all');
      }
    });
  });
}
