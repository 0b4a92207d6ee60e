// A backup on PostgreSQL streams its rows: they come through COPY as bytes and go to the file
// without becoming a JavaScript string or object each, so the process taking it (the running
// server, for Back up now and the schedule) keeps its heap; read as row objects, a million rows
// left the server hundreds of megabytes larger (npm run bench:backup). The server's own backups
// run in a worker thread, so the thread that answers requests allocates next to nothing for
// them. And a backup whose file cannot be written stops at once, in the middle of a table,
// without leaving its connection waiting for the rest of the rows.
//
// 40,000 rows: enough that reading them as objects allocates over twice the first test's limit
// and streaming them under half of it (120,000 kept the same margins at three times the
// processor time, most of it the database's).
//
// Only on a real PostgreSQL (TEST_DATABASE_URL, set by `npm run test:postgres`): the embedded
// database has no COPY to a client, and reads a page at a time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { backupMessages } from 'contract';
import { takeBackup, verifyBackupFile } from '../src/backup/index.js';
import { ADMIN, rows, setupDatabase, type TestContext } from './helpers.js';
import { scriptArgs } from './server-process.js';

const ENTRIES = 20_000;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

if (!onPostgres) {
  test.skip('a backup on PostgreSQL streams its rows (needs TEST_DATABASE_URL: npm run test:postgres)', () => {
    // skipped: see the reason in the name
  });
} else {
  describe('a backup on PostgreSQL', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'backup-streaming-'));
    const source = setupDatabase({
      backup: { dir: path.join(work, 'server-backups'), everyHours: 24, keep: 14 },
    });
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await (await source).reset({ scheduleBackups: false });
      await seed(ctx);
    });

    afterAll(async () => {
      await (await source).close();
      await rm(work, { recursive: true, force: true });
    });

    test('of 40,000 rows barely touches the heap of the process that takes it', async () => {
      const file = path.join(work, 'streamed.backup');
      const heap = heapAllocation();
      const { manifest } = await takeBackup(ctx.database, file, { takenBy: 'test' });
      const allocated = heap.stop();
      const count = (name: string) => manifest.tables.find((t) => t.name === name)?.rows;
      expect(count('entries')).toBe(ENTRIES);
      expect(count('audit_log')).toBeGreaterThanOrEqual(ENTRIES);
      expect((await verifyBackupFile(file)).sha256).toBe(manifest.sha256);
      // The rows are about 13 MB of text. Only reading them as an object and a string each
      // (nothing yet copied on to the file) allocated 77 MB here, and a server's heap grew by
      // hundreds of megabytes at a million rows; streamed as bytes, about 12 MB.
      expect(allocated).toBeLessThan(32 * 1024 * 1024);
    });

    test('taken by the server (Back up now) runs beside the thread that answers requests', async () => {
      const heap = heapAllocation();
      const outcome = await ctx.app.backups.run('manual');
      const allocated = heap.stop();
      expect(outcome.kind).toBe('ok');
      if (outcome.kind !== 'ok') return;
      expect(outcome.backup.tables.find((t) => t.name === 'entries')?.rows).toBe(ENTRIES);
      // Written and read back in a worker thread, with its own heap and collections: in the
      // server's thread the same backup and check allocated about 50 MB at 120,000 rows, and
      // the backup alone 12 MB at these 40,000 (the test above); here about 0.5 MB.
      expect(allocated).toBeLessThan(8 * 1024 * 1024);
    });

    test('that cannot write its file stops in the middle of a table and exits', async () => {
      const folder = path.join(work, 'small-disk');
      await mkdir(folder);
      const out = path.join(folder, 'office.backup');
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        TZ: 'UTC',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
      };
      for (const name of ['NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[name];
      const command = `${JSON.stringify(process.execPath)} ${scriptArgs('backup', ['--out', JSON.stringify(out)]).join(' ')}`;
      // A full disk, as the writer meets it: writes past 64 KiB fail (EFBIG, like ENOSPC), long
      // before the entries (some 300 KB compressed) are all read.
      const full = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 64; exec ${command}`], {
        cwd: apiDir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(full.signal).toBeNull();
      expect(full.status).toBe(1);
      expect(full.stderr).toContain(backupMessages.writeFailed);
      expect(await readdir(folder)).toEqual([]);
    });
  });
}

/**
 * Counts the bytes the JS heap allocates from now until `stop`: what each collection freed, and
 * the growth since. (Buffers' contents live outside the JS heap and are not counted.)
 */
function heapAllocation(): { stop(): number } {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return {
    stop() {
      const end = v8.getHeapStatistics().used_heap_size;
      const { statistics } = profiler.stop() as {
        statistics: {
          beforeGC: { heapStatistics: { usedHeapSize: number } };
          afterGC: { heapStatistics: { usedHeapSize: number } };
        }[];
      };
      const freed = statistics.reduce(
        (sum, gc) =>
          sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
        0,
      );
      return freed + end - start;
    },
  };
}

/** ENTRIES entries, each with the activity row the API writes with it. */
async function seed(ctx: TestContext): Promise<void> {
  await rows(
    ctx,
    `INSERT INTO clients (name, email, company_name) VALUES ('Acme', 'a@test.local', 'Acme')`,
  );
  const [admin] = await rows<{ id: number }>(
    ctx,
    `SELECT id FROM users WHERE email = '${ADMIN.email}'`,
  );
  await rows(
    ctx,
    `INSERT INTO entries (client_id, kind, party_name, amount, credit_debit, description,
                          entry_date, created_by)
     SELECT (SELECT min(id) FROM clients), 'income', 'Acme', (g % 1000) + 0.5, 'Debit',
            'entry number ' || g, DATE '2020-01-01' + (g % 1500), ${admin!.id}
       FROM generate_series(1, ${ENTRIES}) g`,
  );
  await rows(
    ctx,
    `INSERT INTO audit_log (at, actor_id, action, entity, entity_id, after, address, browser)
     SELECT created_at, created_by, 'create', 'entry:income', id::text,
            jsonb_build_object('id', id, 'kind', kind, 'partyName', party_name,
                               'amount', amount, 'description', description),
            '127.0.0.1', 'test'
       FROM entries`,
  );
}
