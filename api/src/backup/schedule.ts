// Backups taken by the running server: on a schedule (BACKUP_EVERY_HOURS) and when an admin asks
// (POST /api/backups), both through `BackupService.run`. Each backup is written under a hidden
// name, read back and compared with what was written, and only then given its name in the
// folder (`office-<UTC time>Z.backup`, so names sort by time); after a good one the oldest beyond
// BACKUP_KEEP are deleted. Every attempt, good or failed, is a row of `backup_runs`.
//
// Several server processes on one PostgreSQL take each backup once: a run holds an advisory lock
// (a transaction of its own, open for the run) and, under it, reads from `backup_runs` when the
// last good backup was taken, so a process that wakes up after another took one skips. On the
// embedded database the server is the only process (data-dir-lock.ts), so the lock is this
// process's own. See docs/decisions/012-backup-format.md.
import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { backupMessages, type BackupFailure, type BackupInfo, type BackupList } from 'contract';
import type { DatabaseHandle, Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { takeBackup } from './backup.js';
import type { KdfParams } from './cipher.js';
import { BackupRefused } from './errors.js';
import { checkBackupFile, verifyBackupFile } from './file-read.js';
import type { Manifest } from './file.js';
import type { SignatureCheck } from './signature.js';
import {
  backupFileName,
  exists,
  failureText,
  infoFromTables,
  infoOf,
  isEncrypted,
  isKeptName,
  keptNames,
  syncFolder,
} from './folder.js';
import { SERVER_PACE } from './pace.js';
import { backUpInWorker } from './run-in-worker.js';
import {
  lastBackupFailure,
  lastBackupRuns,
  recordBackupRun,
  recordedBackups,
  tryLockBackupRun,
} from '../repositories/backup-runs.js';

/** What a run that was killed can leave behind: takeBackup's and this file's hidden names. */
const LEFTOVER = /^\.+office-.*\.(incomplete|unverified)$/;
const HOUR_MS = 3_600_000;
/** A failed scheduled backup is tried again after this long (or the interval, if shorter). */
const RETRY_MS = 10 * 60_000;
/** The schedule looks at least this often whether a backup is due (another process may have
 * taken one, or the clock moved). */
const POLL_MS = 60_000;

export type Trigger = 'schedule' | 'manual';

export type RunOutcome =
  | { kind: 'ok'; backup: BackupInfo }
  | { kind: 'failed'; message: string }
  /** Another backup is being taken (in this process or another). */
  | { kind: 'busy' }
  /** A scheduled run found a backup taken less than BACKUP_EVERY_HOURS ago. */
  | { kind: 'not due'; nextDue: Date }
  | { kind: 'off' };

export interface BackupServiceOptions {
  database: DatabaseHandle;
  /** The backup folder; undefined turns backups off. */
  dir: string | undefined;
  everyHours: number;
  keep: number;
  passphrase?: string;
  /**
   * Signs every backup (signature.ts: derived from the two-step key); undefined on PostgreSQL
   * without TOTP_KEY, where backups are written unsigned (and a warning logged at start).
   */
  signingKey?: Uint8Array;
  /** The key derivation of encrypted files (tests make it cheap). */
  kdf?: KdfParams;
  /**
   * false: a backup of PostgreSQL runs on this thread, as the embedded database's do (tests
   * whose subject is not the thread: a worker costs each backup a start of its own); default
   * true, in a worker thread (run-in-worker.ts).
   */
  inWorker?: boolean;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

interface Due {
  due: boolean;
  nextDue: Date;
}

export class BackupService {
  /** The server process that takes its backups: host name and process id. */
  readonly takenBy = `${os.hostname()} ${process.pid}`;
  private current: Promise<RunOutcome> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Manifests of kept files that `backup_runs` does not describe, by name, size and time. */
  private readonly manifests = new Map<string, { key: string; info: BackupInfo | null }>();

  constructor(private readonly options: BackupServiceOptions) {}

  get enabled(): boolean {
    return this.options.dir !== undefined;
  }

  private get everyMs(): number {
    return this.options.everyHours * HOUR_MS;
  }

  /**
   * Takes a backup now unless one is being taken; a scheduled run only when one is due.
   * `recorded` runs in the transaction that records a good backup (an admin's audit row).
   */
  async run(
    trigger: Trigger,
    recorded?: (tx: Transaction<Database>, backup: BackupInfo) => Promise<void>,
  ): Promise<RunOutcome> {
    if (!this.enabled) return { kind: 'off' };
    if (this.current) return { kind: 'busy' };
    const running = this.locked((db) => this.runLocked(trigger, db, recorded));
    this.current = running;
    try {
      return await running;
    } finally {
      this.current = undefined;
    }
  }

  /** Starts the schedule: looks at once whether a backup is due, then as often as needed. */
  start(): void {
    if (!this.enabled || this.timer || this.stopped) return;
    this.schedule(0);
  }

  /** Stops the schedule and waits for a backup being taken to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), Math.max(0, Math.min(delayMs, POLL_MS)));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    let delay = Math.min(this.everyMs, POLL_MS);
    try {
      const outcome = await this.run('schedule');
      if (outcome.kind === 'not due') delay = outcome.nextDue.getTime() - Date.now() + 50;
      // Straight back to `due`, which counts the next one from this one's start: counted from its
      // end, each backup pushed the schedule on by its own length.
      else if (outcome.kind === 'ok') delay = 0;
    } catch (error) {
      this.options.log.error({ err: error }, 'scheduled backup could not run');
    }
    this.schedule(delay);
  }

  /**
   * Runs `work` holding the backup lock, or answers busy when another process holds it; `work`
   * reads `backup_runs` through the database it is given (under the lock on PostgreSQL).
   */
  private async locked(work: (db: Db) => Promise<RunOutcome>): Promise<RunOutcome> {
    const { database } = this.options;
    if (database.driver === 'pglite') {
      // The one process of the data directory: `current` is the lock. (A transaction here would
      // hold PGlite's only connection for the whole run.)
      return work(database.db);
    }
    // A transaction of its own holds the lock for the run and reads at read committed, so each
    // statement sees what other processes committed; the backup and its record use other
    // connections of the pool.
    return database.db.transaction().execute(async (tx) => {
      if (!(await tryLockBackupRun(tx))) return { kind: 'busy' } as const;
      return work(tx);
    });
  }

  /** When the schedule is due, from what `backup_runs` says (the database's clock). */
  private async due(db: Db): Promise<Due & { now: Date }> {
    const row = await lastBackupRuns(db);
    const now = new Date(row.now);
    const times = [
      row.ok ? new Date(row.ok).getTime() + this.everyMs : 0,
      row.failed ? new Date(row.failed).getTime() + Math.min(this.everyMs, RETRY_MS) : 0,
    ];
    const nextDue = new Date(Math.max(now.getTime(), ...times));
    return { due: Math.max(...times) <= now.getTime(), nextDue, now };
  }

  private async runLocked(
    trigger: Trigger,
    db: Db,
    recorded?: (tx: Transaction<Database>, backup: BackupInfo) => Promise<void>,
  ): Promise<RunOutcome> {
    const dir = this.options.dir!;
    const { due, nextDue, now } = await this.due(db);
    if (trigger === 'schedule' && !due) return { kind: 'not due', nextDue };
    const startedAt = now;
    let name = backupFileName(startedAt);
    let unverified: string | undefined;
    let taken: { bytes: number; manifest: Manifest } | undefined;
    try {
      await mkdir(dir, { recursive: true });
      await this.removeLeftovers(dir);
      // Two backups within one second (an admin's right after the schedule's): the later one
      // is named a second on.
      for (let at = startedAt.getTime(); await exists(path.join(dir, name)); at += 1000) {
        name = backupFileName(new Date(at + 1000));
      }
      unverified = path.join(dir, `.${name}.unverified`);
      const { bytes, manifest, reread, signature } = await this.backUp(unverified);
      if (
        reread.sha256 !== manifest.sha256 ||
        JSON.stringify(reread.tables) !== JSON.stringify(manifest.tables) ||
        signature.status !== (this.options.signingKey ? 'valid' : 'unsigned')
      ) {
        throw new BackupRefused(backupMessages.verifyFailed);
      }
      await rename(unverified, path.join(dir, name));
      unverified = undefined;
      await syncFolder(dir);
      taken = { bytes, manifest };
    } catch (error) {
      if (unverified) await rm(unverified, { force: true }).catch(() => undefined);
      const message = failureText(error);
      this.options.log.error({ err: error, dir, trigger }, `backup failed: ${message}`);
      await this.record({ startedAt, trigger, status: 'failed', file: name, message }).catch(
        (recordError: unknown) =>
          this.options.log.error({ err: recordError }, 'could not record the failed backup'),
      );
      return { kind: 'failed', message };
    }
    const backup = infoOf(name, taken.bytes, taken.manifest, Boolean(this.options.passphrase));
    await this.record({ startedAt, trigger, status: 'ok', file: name, backup }, recorded);
    this.options.log.info(
      { file: name, bytes: taken.bytes, rows: backup.rows, trigger },
      'backup taken',
    );
    await this.prune(dir, name);
    return { kind: 'ok', backup };
  }

  /**
   * Writes the backup to `file` and reads it back. On PostgreSQL in a worker thread
   * (run-in-worker.ts), so that the rows never pass through the thread that answers requests
   * (unless `inWorker` is false).
   */
  private async backUp(
    file: string,
  ): Promise<{ bytes: number; manifest: Manifest; reread: Manifest; signature: SignatureCheck }> {
    const { database, passphrase, kdf, signingKey, inWorker = true } = this.options;
    const options = { takenBy: 'server', passphrase, kdf, signingKey };
    if (database.url && inWorker) {
      // Beside the server's requests: at a pace that leaves them the machine (pace.ts).
      return backUpInWorker({
        databaseUrl: database.url,
        file,
        options: { ...options, pace: SERVER_PACE },
      });
    }
    const { bytes, manifest } = await takeBackup(database, file, options);
    const { manifest: reread, signature } = await checkBackupFile(file, { passphrase, signingKey });
    return { bytes, manifest, reread, signature };
  }

  private async record(
    run: {
      startedAt: Date;
      trigger: Trigger;
      status: 'ok' | 'failed';
      file: string;
      message?: string;
      backup?: BackupInfo;
    },
    recorded?: (tx: Transaction<Database>, backup: BackupInfo) => Promise<void>,
  ): Promise<void> {
    await this.options.database.db.transaction().execute(async (tx) => {
      const { backup } = run;
      await recordBackupRun(tx, { ...run, takenBy: this.takenBy });
      if (backup && recorded) await recorded(tx, backup);
    });
  }

  /** Deletes the oldest kept backups beyond BACKUP_KEEP; never the one just taken. */
  private async prune(dir: string, newest: string): Promise<void> {
    const kept = (await keptNames(dir)).filter((name) => name !== newest);
    for (const name of kept.slice(Math.max(0, this.options.keep - 1))) {
      try {
        await rm(path.join(dir, name));
        this.manifests.delete(name);
        this.options.log.info({ file: name }, 'old backup deleted');
      } catch (error) {
        this.options.log.warn({ err: error, file: name }, 'could not delete an old backup');
      }
    }
  }

  /** Hidden files of a run that was killed (no run is going on: the lock is held). */
  private async removeLeftovers(dir: string): Promise<void> {
    for (const name of await readdir(dir)) {
      if (LEFTOVER.test(name)) await rm(path.join(dir, name), { force: true });
    }
  }

  /** The kept backups, the schedule and the last failure (GET /api/backups). */
  async list(): Promise<BackupList> {
    const { dir, everyHours, keep, database } = this.options;
    const schedule = { enabled: this.enabled, dir: dir ?? null, everyHours, keep, nextDue: null };
    if (!dir) return { backups: [], schedule, lastFailure: null };
    const names = await keptNames(dir).catch(() => []);
    const recordedRuns = await recordedBackups(database.db, names);
    const byName = new Map(recordedRuns.map((run) => [run.file, run]));
    const backups: BackupInfo[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      const stats = await lstat(file).catch(() => undefined);
      if (!stats?.isFile()) continue;
      const run = byName.get(name);
      if (run) {
        const tables = typeof run.tables === 'string' ? JSON.parse(run.tables) : run.tables;
        backups.push(infoFromTables(name, stats.size, run.taken_at, tables, run.encrypted));
        continue;
      }
      const info = await this.manifestOf(name, file, stats.size, stats.mtimeMs);
      if (info) backups.push(info);
    }
    const failure = await lastBackupFailure(database.db);
    const lastFailure: BackupFailure | null = failure
      ? { at: new Date(failure.at).toISOString(), message: failure.message }
      : null;
    const { nextDue } = await this.due(database.db);
    return { backups, schedule: { ...schedule, nextDue: nextDue.toISOString() }, lastFailure };
  }

  /** A kept file that `backup_runs` does not describe: its manifest, read once. */
  private async manifestOf(
    name: string,
    file: string,
    bytes: number,
    mtimeMs: number,
  ): Promise<BackupInfo | null> {
    const key = `${bytes}:${mtimeMs}`;
    const cached = this.manifests.get(name);
    if (cached?.key === key) return cached.info;
    let info: BackupInfo | null = null;
    try {
      const manifest = await verifyBackupFile(file, { passphrase: this.options.passphrase });
      info = infoOf(name, bytes, manifest, await isEncrypted(file));
    } catch (error) {
      this.options.log.warn(
        { err: error, file: name },
        'a file in the backup folder does not read',
      );
    }
    this.manifests.set(name, { key, info });
    return info;
  }

  /** The path of a kept backup by its name, or undefined when there is none of that name. */
  async find(name: string): Promise<{ file: string; bytes: number } | undefined> {
    const { dir } = this.options;
    if (!dir || !isKeptName(name)) return undefined;
    const file = path.join(dir, name);
    if (path.dirname(file) !== path.resolve(dir)) return undefined;
    const stats = await lstat(file).catch(() => undefined);
    return stats?.isFile() ? { file, bytes: stats.size } : undefined;
  }
}
