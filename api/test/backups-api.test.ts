// Backups taken by the running server, through /api/backups (admins only): the list with each
// kept file's manifest and the schedule, "Back up now", the streamed download (recorded in the
// activity) that verifies as a backup, names that reach outside the folder refused, staff and
// viewers refused, a failed backup shown and never leaving a file that looks good, and the
// newest BACKUP_KEEP kept. The database is the suite's (PGlite, or PostgreSQL under
// `npm run test:postgres`); the folder a temporary one. On PostgreSQL backups run on this thread
// (a worker costs each a start) but in the test of requests during one, whose subject it is.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiMessages, backupMessages, BACKUP_NAME_PATTERN, type BackupList } from 'contract';
import { buildApp, type App } from '../src/app.js';
import { verifyBackupFile } from '../src/backup/index.js';
import { ADVISORY_LOCK_KEYS } from '../src/db/advisory-locks.js';
import type { AppConfig } from '../src/config.js';
import { insertEntries, seedParties } from './fixtures.js';
import {
  ADMIN,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  type TestContext,
} from './helpers.js';

const work = await mkdtemp(path.join(os.tmpdir(), 'backups-api-'));
const folder = path.join(work, 'backups');
const db = await setupDatabase({ backup: { dir: folder, everyHours: 24, keep: 14 } });
const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };

let ctx: TestContext;
let admin: string;
let staff: string;
const extraApps: App[] = [];

beforeEach(async () => {
  await rm(folder, { recursive: true, force: true });
  ctx = await db.reset({ scheduleBackups: false, backupsInWorker: false });
  await rows(ctx, 'DELETE FROM backup_runs');
  ({ admin, staff } = await signInBoth(ctx.app));
});
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close();
});
afterAll(async () => {
  await db.close();
  await rm(work, { recursive: true, force: true });
});

/** Another app on the same database with other settings (backups in a worker if `inWorker`). */
async function appWith(backup: Partial<AppConfig['backup']>, inWorker = false): Promise<App> {
  const config = { ...ctx.config, backup: { ...ctx.config.backup, ...backup } };
  const app = await buildApp(config, {
    database: ctx.database,
    logger: false,
    scheduleBackups: false,
    backupsInWorker: inWorker,
  });
  extraApps.push(app);
  return app;
}

const get = (app: App, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const backUpNow = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/backups', headers: bearer(token) });
const list = async (app: App = ctx.app) =>
  (await get(app, '/api/backups', admin)).json<BackupList>();
const kept = async (dir = folder) => (await readdir(dir).catch(() => [])).sort();
const activity = async (action: string) =>
  (await get(ctx.app, `/api/activity?action=${action}`, admin)).json<{
    users: { action: string; kind: string; recordId: string | null; actor: { email: string } }[];
  }>().users;

describe('GET /api/backups', () => {
  it('lists nothing before the first backup, with the schedule', async () => {
    const response = await get(ctx.app, '/api/backups', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json<BackupList>();
    expect(body.backups).toEqual([]);
    expect(body.lastFailure).toBeNull();
    expect(body.schedule).toMatchObject({ enabled: true, dir: folder, everyHours: 24, keep: 14 });
    // Never taken: due now.
    expect(Math.abs(Date.parse(body.schedule.nextDue!) - Date.now())).toBeLessThan(60_000);
  });

  it('says backups are off without a folder, and Back up now answers 409', async () => {
    const off = await buildApp(
      { ...ctx.config, dataDir: 'memory://', backup: { everyHours: 24, keep: 14 } },
      { database: ctx.database, logger: false, scheduleBackups: false },
    );
    extraApps.push(off);
    const body = (await get(off, '/api/backups', admin)).json<BackupList>();
    expect(body.schedule).toMatchObject({ enabled: false, dir: null, nextDue: null });
    const refused = await backUpNow(off, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: apiMessages.backupsOff });
  });
});

describe('POST /api/backups (Back up now)', () => {
  it('takes a backup that is listed with its manifest, reads back, and is recorded', async () => {
    await seedParties(ctx);
    await insertEntries(ctx, [
      { kind: 'income', party: 1, amount: '100.00', day: '2026-01-05' },
      { kind: 'income', party: 2, amount: '40.00', day: '2026-01-06' },
    ]);
    const response = await backUpNow(ctx.app, admin);
    expect(response.statusCode).toBe(201);
    const { message, backup } = response.json<{
      message: string;
      backup: BackupList['backups'][number];
    }>();
    expect(message).toBe('Backup taken');
    expect(backup.name).toMatch(new RegExp(BACKUP_NAME_PATTERN));
    expect(backup.encrypted).toBe(false);
    const tables = Object.fromEntries(backup.tables.map((t) => [t.name, t.rows]));
    expect(tables).toMatchObject({ users: 2, entries: 2, clients: 3, employees: 2 });
    expect(backup.rows).toBe(backup.tables.reduce((sum, t) => sum + t.rows, 0));

    expect(await kept()).toEqual([backup.name]);
    const manifest = await verifyBackupFile(path.join(folder, backup.name));
    expect(manifest.takenBy).toBe('server');
    expect(manifest.tables.map((t) => t.rows)).toEqual(backup.tables.map((t) => t.rows));

    const listed = await list();
    expect(listed.backups).toEqual([backup]);
    expect(Date.parse(listed.schedule.nextDue!) - Date.parse(backup.takenAt)).toBeGreaterThan(
      23.9 * 3_600_000,
    );
    const [taken] = await activity('backup_taken');
    expect(taken).toMatchObject({ kind: 'backup', recordId: backup.name });
    expect(taken?.actor.email).toBe(ADMIN.email);
  });

  it('keeps the newest BACKUP_KEEP and deletes the oldest beyond', async () => {
    const app = await appWith({ keep: 2 });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await backUpNow(app, admin);
      expect(response.statusCode).toBe(201);
      names.push(response.json<{ backup: { name: string } }>().backup.name);
    }
    expect(new Set(names).size).toBe(3);
    expect(await kept()).toEqual(names.slice(1).sort());
    expect((await list(app)).backups.map((b) => b.name)).toEqual(names.slice(1).reverse());
  });

  it('answers 409 while another backup is being taken (another process holds the lock)', async () => {
    const running = ctx.app.backups.run('manual');
    const second = await ctx.app.backups.run('manual');
    expect(second).toEqual({ kind: 'busy' });
    expect((await running).kind).toBe('ok');

    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    // A second server process taking a backup holds the advisory lock.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.backupRun]);
      const refused = await backUpNow(ctx.app, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: apiMessages.backupRunning });
    } finally {
      await other.end();
    }
  });

  // PostgreSQL only: the embedded database has one process, so nothing else holds the lock.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'leaves user changes free while another process takes a backup',
    async () => {
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.backupRun]);
        // Both once took the same advisory lock: this waited for the whole backup (and, with the
        // lock held here until the end of the test, would never be answered).
        const added = await ctx.app.inject({
          method: 'POST',
          url: '/api/users/register',
          headers: bearer(admin),
          payload: { name: 'New', email: 'new@test.local', password: 'long-password-1' },
        });
        expect(added.statusCode).toBe(201);
        // The lock is still the other process's: the change never needed it.
        const held = await other.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
             AND pid = pg_backend_pid()`,
        );
        expect(held.rows[0].n).toBe(1);
      } finally {
        await other.end();
      }
    },
  );

  it('skips a scheduled run while a backup younger than BACKUP_EVERY_HOURS is kept', async () => {
    expect((await ctx.app.backups.run('schedule')).kind).toBe('ok');
    const again = await ctx.app.backups.run('schedule');
    expect(again.kind).toBe('not due');
    expect(await kept()).toHaveLength(1);
  });
});

describe('requests during a backup', () => {
  it('wait for a backup of a few thousand rows on the embedded database only briefly', async () => {
    await seedParties(ctx);
    const days = Array.from({ length: 5000 }, (_, i) => ({
      kind: 'income' as const,
      party: 1 + (i % 3),
      amount: `${(i % 900) + 1}.25`,
      day: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      description: `row ${i}`,
    }));
    await insertEntries(ctx, days);
    // As the server takes it: on PostgreSQL in a worker thread.
    const app = await appWith({}, true);
    const quiet: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const at = performance.now();
      expect((await get(app, '/api/dashboard/totals', staff)).statusCode).toBe(200);
      quiet.push(performance.now() - at);
    }
    // A request every 100 ms while the backup runs (sent back to back, PGlite's lock can keep
    // handing itself to them and the backup waits until they let up). Not every 20 ms: each sums
    // the 5,000 entries, and the 100-odd a backup drew were most of the file's processor time; a
    // backup holding requests until it ends leaves none answered during it, however few.
    const started = performance.now();
    const running = app.backups.run('manual');
    const waits: Promise<number>[] = [];
    let done = false;
    let answeredDuring = 0;
    void running.finally(() => (done = true));
    while (!done) {
      const at = performance.now();
      waits.push(
        get(app, '/api/dashboard/totals', staff).then((answer) => {
          expect(answer.statusCode).toBe(200);
          if (!done) answeredDuring += 1;
          return performance.now() - at;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcome = await running;
    const took = performance.now() - started;
    const latencies = await Promise.all(waits);
    expect(outcome.kind).toBe('ok');
    const rowsTaken = outcome.kind === 'ok' ? outcome.backup.rows : 0;
    const longest = Math.max(...latencies);
    // The figure the README gives: on PGlite the backup's snapshot holds the one connection.
    console.log(
      `backup of ${rowsTaken} rows on ${ctx.database.driver}: ${took.toFixed(0)} ms; ` +
        `${latencies.length} requests meanwhile, the longest waited ${longest.toFixed(0)} ms ` +
        `(${Math.max(...quiet).toFixed(0)} ms without a backup)`,
    );
    expect(rowsTaken).toBeGreaterThan(5000);
    // Requests are answered while the backup runs: it does not hold them until it ends. (How long
    // each waited is the figure above, not a test: a busy machine is not a failure.)
    expect(answeredDuring).toBeGreaterThan(0);
  });
});

describe('a backup that fails', () => {
  it('is answered and shown with its reason when BACKUP_DIR is a file, leaving no file', async () => {
    const notAFolder = path.join(work, 'a-file');
    await writeFile(notAFolder, 'not a folder');
    const app = await appWith({ dir: notAFolder });
    const refused = await backUpNow(app, admin);
    expect(refused.statusCode).toBe(409);
    const expected = `${apiMessages.backupFailed}: ${backupMessages.dirNotAFolder}`;
    expect(refused.json()).toMatchObject({ message: expected });
    const { lastFailure, backups } = await list(app);
    expect(backups).toEqual([]);
    expect(lastFailure?.message).toBe(backupMessages.dirNotAFolder);
    expect(Math.abs(Date.parse(lastFailure!.at) - Date.now())).toBeLessThan(60_000);
    expect(await readFile(notAFolder, 'utf8')).toBe('not a folder');
    expect(await activity('backup_taken')).toEqual([]);
  });

  it('never deletes the only good backup, leaves nothing half-written, and clears once one succeeds', async () => {
    const app = await appWith({ keep: 1 });
    const good = (await backUpNow(app, admin)).json<{ backup: { name: string } }>().backup.name;
    // The database cannot be backed up for a moment (no schema version to write).
    await rows(ctx, 'ALTER TABLE schema_migrations RENAME TO schema_migrations_away');
    let refused;
    try {
      refused = await backUpNow(app, admin);
    } finally {
      await rows(ctx, 'ALTER TABLE schema_migrations_away RENAME TO schema_migrations');
    }
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'backup_failed',
      message: `${apiMessages.backupFailed}: ${backupMessages.noDatabase}`,
    });
    // The good one stays, alone: no hidden or half-written file beside it.
    expect(await kept()).toEqual([good]);
    const failed = await list(app);
    expect(failed.backups.map((b) => b.name)).toEqual([good]);
    expect(failed.lastFailure?.message).toBe(backupMessages.noDatabase);

    expect((await backUpNow(app, admin)).statusCode).toBe(201);
    expect((await list(app)).lastFailure).toBeNull();
  });
});

describe('GET /api/backups/:name/download', () => {
  it('streams the kept file as an attachment, which verifies, and records who downloaded it', async () => {
    const { backup } = (await backUpNow(ctx.app, admin)).json<{ backup: { name: string } }>();
    const response = await get(ctx.app, `/api/backups/${backup.name}/download`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    const onDisk = await readFile(path.join(folder, backup.name));
    expect(response.rawPayload.equals(onDisk)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(onDisk.length);
    const copy = path.join(work, 'downloaded.backup');
    await writeFile(copy, response.rawPayload);
    expect((await verifyBackupFile(copy)).format).toBe('office-finance-backup');

    const [downloaded] = await activity('backup_downloaded');
    expect(downloaded).toMatchObject({ kind: 'backup', recordId: backup.name });
    expect(downloaded?.actor.email).toBe(ADMIN.email);
  });

  /**
   * A kept backup in the (emptied) folder, as "Back up now" leaves it: taken by the first case,
   * its file put back for the others (the download looks at the folder only), so that each does
   * not take a backup of its own.
   */
  let taken: { name: string; bytes: Buffer } | undefined;
  const keepOneBackup = async () => {
    if (taken) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, taken.name), taken.bytes);
      return;
    }
    const { backup } = (await backUpNow(ctx.app, admin)).json<{ backup: { name: string } }>();
    taken = { name: backup.name, bytes: await readFile(path.join(folder, backup.name)) };
  };

  it.each([
    ['..', [400, 404]],
    ['..%2F..%2Fetc%2Fpasswd', [400, 404]],
    ['%2e%2e%2f%2e%2e%2fpackage.json', [400, 404]],
    ['office-2026-01-15T03-00-00Z.backup%00', [400, 404]],
    ['office-2026-01-15T03-00-00Z.backup%2F..', [400, 404]],
    ['..%5Coffice-2026-01-15T03-00-00Z.backup', [400, 404]],
    ['.office-2026-01-15T03-00-00Z.backup.unverified', [400, 404]],
    ['office-2026-01-15T03-00-00Z.backup', [404]],
  ])('refuses %s without reading outside the kept files', async (name, statuses) => {
    await keepOneBackup();
    await writeFile(path.join(work, 'package.json'), '{"secret": true}');
    await writeFile(path.join(folder, '.office-2026-01-15T03-00-00Z.backup.unverified'), 'x');
    const response = await get(ctx.app, `/api/backups/${name}/download`, admin);
    expect(statuses).toContain(response.statusCode);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
    expect(response.body).not.toContain('secret');
    expect(await activity('backup_downloaded')).toEqual([]);
  });
});

describe('who may', () => {
  it('refuses staff and viewers with 403 and anyone without a session with 401', async () => {
    const { backup } = (await backUpNow(ctx.app, admin)).json<{ backup: { name: string } }>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: { name: 'Auditor', ...VIEWER, role: 'viewer' },
    });
    const viewer = await login(ctx.app, VIEWER);
    const download = `/api/backups/${backup.name}/download`;
    for (const token of [staff, viewer]) {
      for (const url of ['/api/backups', download]) {
        const refused = await get(ctx.app, url, token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ message: apiMessages.adminsOnlyBackups });
      }
    }
    expect((await backUpNow(ctx.app, staff)).json()).toEqual({
      code: 'admins_only_backups',
      message: apiMessages.adminsOnlyBackups,
    });
    const viewerPost = await backUpNow(ctx.app, viewer);
    expect(viewerPost.statusCode).toBe(403);
    expect(viewerPost.json()).toMatchObject({ message: apiMessages.readOnly });
    for (const url of ['/api/backups', download]) {
      expect((await get(ctx.app, url)).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/backups' })).statusCode).toBe(401);
    expect(await kept()).toEqual([backup.name]);
    expect(await activity('backup_downloaded')).toEqual([]);
  });
});
