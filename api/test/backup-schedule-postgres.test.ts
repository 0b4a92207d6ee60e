// The schedule of backups in real server processes on PostgreSQL: two servers on one database
// with one backup folder take exactly one backup per interval between them (the advisory lock and
// `backup_runs`). Runs when TEST_DATABASE_URL is set (`npm run test:postgres`, CI); the embedded
// database's schedule: backup-schedule.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BACKUP_NAME_PATTERN } from 'contract';
import { verifyBackupFile } from '../src/backup/index.js';
import { killAll, startServer, stopServer } from './server-process.js';

const ADMIN = { ADMIN_EMAIL: 'sched-admin@test.local', ADMIN_PASSWORD: 'schedule-password-1' };
const EVERY_HOURS = 0.001; // 3.6 s
const EVERY_MS = EVERY_HOURS * 3_600_000;
const postgresUrl = process.env.TEST_DATABASE_URL;
const kept = async (dir: string) =>
  (await readdir(dir).catch(() => [])).filter((n) => new RegExp(BACKUP_NAME_PATTERN).test(n));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-schedule-'));
});
afterAll(async () => {
  killAll();
  await rm(work, { recursive: true, force: true });
});

const onPostgres = postgresUrl ? describe : describe.skip;

onPostgres('two server processes on one PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  let name: string;
  beforeAll(async () => {
    await admin.connect();
    name = `office_backups_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  test('take exactly one backup per interval between them', async () => {
    const url = new URL(postgresUrl as string);
    url.pathname = `/${name}`;
    const folder = path.join(work, 'shared-backups');
    const env = {
      ...ADMIN,
      DATABASE_URL: url.toString(),
      BACKUP_DIR: folder,
      BACKUP_EVERY_HOURS: String(EVERY_HOURS),
      BACKUP_KEEP: '100',
    };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    const started = Date.now();
    await sleep(5 * EVERY_MS);
    // The time both served, for the fewest runs there must be: not the time they took to stop,
    // in which no run is due to start (several seconds on a busy machine, which once made the
    // fewest expected one more than the four the servers had taken by the stop).
    const served = Date.now() - started;
    await Promise.all(servers.map(stopServer));
    const elapsed = Date.now() - started;

    const database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
    let runs: { file: string; started_at: Date; status: string; taken_by: string }[];
    try {
      runs = (
        await database.query(
          'SELECT file, started_at, status, taken_by FROM backup_runs ORDER BY started_at',
        )
      ).rows;
    } finally {
      await database.end();
    }
    expect(runs.every((run) => run.status === 'ok')).toBe(true);
    // One file per run, each a good backup, and nothing else in the folder.
    const names = await kept(folder);
    expect(names.sort()).toEqual(runs.map((run) => run.file).sort());
    expect((await readdir(folder)).length).toBe(names.length);
    for (const file of names) await verifyBackupFile(path.join(folder, file));
    // Never two within one interval, and one every interval (the first at start).
    const gaps = runs
      .slice(1)
      .map((run, i) => run.started_at.getTime() - runs[i]!.started_at.getTime());
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(EVERY_MS);
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(served / EVERY_MS) - 1);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / EVERY_MS) + 1);
  });
});
