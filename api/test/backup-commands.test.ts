// The backup and restore commands as real processes on data directories (npm run backup,
// npm run restore): a restore into a new directory, the refusal while another process (a server)
// holds the directory, an encrypted backup through both commands and back, a restore killed with
// -9, and a backup that runs out of disk or is killed. Round trips in process: backup.test.ts.
// The in-process work (the source, the check of the round trip, the large backup) is done in
// the suite's one embedded database, emptied between uses: a new one costs seconds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupMessages } from 'contract';
import { restoreBackup, takeBackup } from '../src/backup/index.js';
import { lockDataDirectory } from '../src/db/data-dir-lock.js';
import {
  blankDataDir,
  CARRIED,
  closeAll,
  dump,
  emptied,
  seedSource,
  signingKey,
  TOTP_KEY,
  type Dump,
} from './backup-support.js';
import { setupDatabase } from './helpers.js';
import { scriptArgs } from './server-process.js';

/**
 * Entries enough that a restore is still writing them, and a backup still writing its file, when
 * the test kills it: each is killed the moment it is seen at that point. At 5,000 a restore still
 * worked some two seconds after the table before the entries, and a backup 300 to 600 ms
 * between making its file and naming it; 25,000 cost some 10 s more processor time. Each
 * description carries a digest, text gzip cannot shrink, so that the file is still several times
 * the 64 KiB the full disk allows.
 */
const BIG = 5_000;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = await setupDatabase();
let work: string;
let full: string;
/** The source's rows when `full` was taken. */
let original: Dump;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-commands-'));
  const ctx = await source.reset();
  await seedSource(ctx);
  full = path.join(work, 'full.backup');
  await takeBackup(ctx.database, full, { signingKey, takenBy: 'test' });
  original = await dump(ctx.database);
});

afterAll(async () => {
  await closeAll();
  await source.close();
  await rm(work, { recursive: true, force: true });
});

describe('the commands', () => {
  /** Runs a command as a child process; asynchronous, so that this process can answer as the
   * holder of a data directory's lock. */
  const cli = (script: string, args: string[], env: NodeJS.ProcessEnv) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', TOTP_KEY };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete childEnv[name];
    const child = spawn(process.execPath, scriptArgs(script, args), {
      cwd: apiDir,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      child.once('close', (status) => resolve({ status, stdout, stderr })),
    );
  };

  test('back up and restore an embedded database as real processes', async () => {
    const dir = path.join(work, 'cli-source');
    const seeded = await cli('restore', [full], { DATA_DIR: dir });
    expect(seeded.stderr).toBe('');
    expect(seeded.status).toBe(0);
    for (const name of CARRIED)
      expect(seeded.stdout).toMatch(new RegExp(`^  ${name}: \\d+ rows$`, 'm'));

    // While another process has the data directory open (a running server), the backup says how
    // to proceed instead. The holder here is this process, which takes the directory's lock as a
    // server does (a server process holding it against another: restart.test.ts).
    const file = path.join(work, 'cli.backup');
    const lock = await lockDataDirectory(dir);
    try {
      const held = await cli('backup', ['--out', file], { DATA_DIR: dir });
      expect(held.status).toBe(1);
      expect(held.stderr).toContain(backupMessages.embeddedInUse);
      expect(held.stderr).toContain(`process ${process.pid}`);
      const busy = await cli('restore', [full], { DATA_DIR: dir, BACKUP_PASSPHRASE: '' });
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain(backupMessages.embeddedInUseRestore);
    } finally {
      await lock.release();
    }

    const taken = await cli('backup', ['--out', file], {
      DATA_DIR: dir,
      BACKUP_PASSPHRASE: 'pass phrase',
    });
    expect(taken.stderr).toBe('');
    expect(taken.status).toBe(0);
    expect(taken.stdout).toContain('entries: 7 rows');
    // Only the finished file is left in the folder: no temporary name.
    expect((await readdir(work)).filter((f) => f.includes('cli.backup'))).toEqual(['cli.backup']);

    const again = await cli('backup', ['--out', file], { DATA_DIR: dir });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(backupMessages.outExists);

    // Into a new, empty data directory (the restore above made one itself).
    const wrong = await cli('restore', [file], {
      DATA_DIR: await blankDataDir(path.join(work, 'cli-target')),
      BACKUP_PASSPHRASE: 'nope',
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(backupMessages.wrongPassphrase);

    // Through both commands and back: the same rows as the suite's database had (emptied, it is
    // the target).
    const target = await emptied(source.ctx.database);
    await restoreBackup(target, file, { signingKey, passphrase: 'pass phrase' });
    expect(await dump(target)).toEqual(original);

    const usage = await cli('restore', [], {});
    expect(usage.status).toBe(2);
  });

  /** A backup of BIG entries, made once (in the suite's database, emptied): large enough to be
   * killed while it is written. */
  let bigFile: Promise<string> | undefined;
  const bigBackup = () => (bigFile ??= makeBigBackup());
  const makeBigBackup = async () => {
    const big = await emptied(source.ctx.database);
    await big.transaction(async (tx) => {
      await tx.exec(`
        INSERT INTO clients (name, email, company_name) VALUES ('Acme', 'a@test.local', 'Acme');
        INSERT INTO users (name, email, password_hash) VALUES ('A', 'a@test.local', 'x');
        INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description, entry_date)
          SELECT 'income', 1, 'Acme', (i % 1000) + 0.5, 'Debit', 'entry ' || i || ' ' || md5(i::text),
                 DATE '2020-01-01' + (i % 1500)
            FROM generate_series(1, ${BIG}) AS i;`);
    });
    const file = path.join(work, 'big.backup');
    await takeBackup(big, file, { signingKey, takenBy: 'test' });
    // Past the full disk's 64 KiB by far, so that it is met half-way through the entries.
    expect((await stat(file)).size).toBeGreaterThan(2 * 64 * 1024);
    return file;
  };

  test('a restore killed with -9 leaves the target empty', async () => {
    // A source large enough that the restore is still writing entries when it is killed.
    const file = await bigBackup();
    // A new, empty data directory.
    const targetDir = await blankDataDir(path.join(work, 'killed-target'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TZ: 'UTC',
      TOTP_KEY,
      DATA_DIR: targetDir,
    };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[name];
    const child = spawn(process.execPath, scriptArgs('restore', [file]), {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Entries come last: every other table is in, the entries are being written. Killed
        // here and now, not on a later turn.
        if (/expense_types: \d+ rows/.test(output) && child.kill('SIGKILL')) resolve();
      });
      child.once('exit', (_code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`restore ended before the kill:\n${output}`));
      });
    });
    expect(await exited).toBe('SIGKILL');
    expect(output).not.toContain('Restored the backup');

    // Nothing was left: not even the schema (a backup finds no database there).
    const empty = await cli('backup', ['--out', path.join(work, 'killed.backup')], {
      DATA_DIR: targetDir,
    });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(backupMessages.noDatabase);
    // And nothing that blocks the next restore.
    const next = await cli('restore', [file], { DATA_DIR: targetDir });
    expect(next.status).toBe(0);
    expect(next.stdout).toContain(`entries: ${BIG} rows`);
  });
  test('a backup that runs out of disk, or is killed with -9, leaves no file that looks like one', async () => {
    // The BIG entries the killed restore's target holds once restored again (the test
    // before); restored here when this test runs alone.
    const dir = path.join(work, 'killed-target');
    if (!existsSync(dir)) {
      const seeded = await cli('restore', [await bigBackup()], { DATA_DIR: dir });
      expect(seeded.status).toBe(0);
    }
    const folder = path.join(work, 'small-disk');
    await mkdir(folder);
    const out = path.join(folder, 'office.backup');
    const env: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', TOTP_KEY, DATA_DIR: dir };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[name];
    const command = `${JSON.stringify(process.execPath)} ${scriptArgs('backup', ['--out', JSON.stringify(out)]).join(' ')}`;

    // A full disk, as the writer meets it: writes past 64 KiB fail (EFBIG, like ENOSPC).
    const full = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 64; exec ${command}`], {
      cwd: apiDir,
      env,
      encoding: 'utf8',
    });
    expect(full.status).toBe(1);
    expect(full.stderr).toContain(backupMessages.writeFailed);
    expect(full.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(folder)).toEqual([]);

    // Killed with -9 half-way: only a temporary name may be left, never the name asked for. It is
    // killed as the folder is told of its file (inotify), not on a later turn of a poll.
    const made = watch(folder);
    const child = spawn('bash', ['-c', `exec ${command}`], { cwd: apiDir, env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve) => {
      made.once('change', () => resolve());
      void exited.then(() => resolve());
    });
    made.close();
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await readdir(folder)).not.toContain('office.backup');
    // What is left is not taken for a backup: a restore refuses it, and the next backup succeeds.
    for (const left of await readdir(folder)) {
      const refused = await cli('restore', [path.join(folder, left)], {
        DATA_DIR: await blankDataDir(path.join(work, `from-${left}`)),
      });
      expect(refused.status).toBe(1);
    }
    const again = await cli('backup', ['--out', out], { DATA_DIR: dir });
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  });
});
