// The schedule of backups in a real server process on the embedded database: it backs up into
// DATA_DIR/backups on its own, keeping the newest BACKUP_KEEP. Two servers on one PostgreSQL:
// backup-schedule-postgres.test.ts.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_NAME_PATTERN } from 'contract';
import { verifyBackupFile } from '../src/backup/index.js';
import { blankDataDir } from './backup-support.js';
import { killAll, startServer, stopServer } from './server-process.js';

const ADMIN = { ADMIN_EMAIL: 'sched-admin@test.local', ADMIN_PASSWORD: 'schedule-password-1' };
const EVERY_HOURS = 0.0003; // 1.08 s
const EVERY_MS = EVERY_HOURS * 3_600_000;
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

test('a server on the embedded database backs up into DATA_DIR/backups on schedule', async () => {
  // A new data directory as PGlite's initdb leaves it, so that the server does not spend an
  // initdb of its own (a server making its directory itself: restart.test.ts).
  const dataDir = await blankDataDir(path.join(work, 'data'));
  const server = await startServer({
    ...ADMIN,
    DATA_DIR: dataDir,
    BACKUP_EVERY_HOURS: String(EVERY_HOURS),
    BACKUP_KEEP: '2',
  });
  try {
    const folder = path.join(dataDir, 'backups');
    // The first at start, then one per interval; KEEP=2 keeps the newest two. A run says
    // "backup taken" and then deletes the oldest beyond the two ("old backup deleted"): the
    // folder is read once every run seen has done both.
    const deadline = Date.now() + 3 * EVERY_MS + 20_000;
    const count = (msg: string) =>
      server.output().match(new RegExp(`"msg":"${msg}"`, 'g'))?.length ?? 0;
    const taken = () => count('backup taken');
    const settled = () => taken() >= 3 && count('old backup deleted') === taken() - 2;
    while (Date.now() < deadline && !settled()) await sleep(100);
    expect(taken()).toBeGreaterThanOrEqual(3);
    const names = await kept(folder);
    expect(names).toHaveLength(2);
    for (const name of names) await verifyBackupFile(path.join(folder, name));
  } finally {
    await stopServer(server);
  }
});
