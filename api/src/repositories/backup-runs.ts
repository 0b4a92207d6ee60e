// `backup_runs` (migration 012): one row per backup the running server attempted, good or failed.
// Several server processes on one PostgreSQL agree through it, under the backup run's advisory
// lock, on when the last good backup was taken; admins see the kept files and the last failure.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';

/** Takes the backup run's lock for the transaction, or answers false when another holds it. */
export async function tryLockBackupRun(tx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_KEYS.backupRun)}) AS locked`.execute(
    tx,
  );
  return rows[0]?.locked === true;
}

/** The last good and the last failed start, and the database's clock now. */
export async function lastBackupRuns(
  db: Db,
): Promise<{ ok: Date | null; failed: Date | null; now: Date }> {
  const { rows } = await sql<{ ok: Date | null; failed: Date | null; now: Date }>`
    SELECT max(started_at) FILTER (WHERE status = 'ok') AS ok,
           max(started_at) FILTER (WHERE status = 'failed') AS failed,
           clock_timestamp() AS now
    FROM backup_runs`.execute(db);
  return rows[0]!;
}

export interface BackupRun {
  startedAt: Date;
  trigger: 'schedule' | 'manual';
  status: 'ok' | 'failed';
  file: string;
  message?: string;
  backup?: {
    bytes: number;
    takenAt: string;
    tables: unknown;
    encrypted: boolean;
  };
  takenBy: string;
}

export async function recordBackupRun(tx: Db, run: BackupRun): Promise<void> {
  const { backup } = run;
  await tx
    .insertInto('backup_runs')
    .values({
      started_at: run.startedAt.toISOString(),
      status: run.status,
      trigger: run.trigger,
      file: run.file,
      bytes: backup?.bytes ?? null,
      taken_at: backup?.takenAt ?? null,
      tables: backup ? JSON.stringify(backup.tables) : null,
      encrypted: backup?.encrypted ?? null,
      message: run.message ?? null,
      taken_by: run.takenBy,
    })
    .execute();
}

/** The latest good run recorded for each of the named files. */
export async function recordedBackups(
  db: Db,
  names: string[],
): Promise<{ file: string; taken_at: Date; tables: unknown; encrypted: boolean }[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<{ file: string; taken_at: Date; tables: unknown; encrypted: boolean }>`
    SELECT DISTINCT ON (file) file, taken_at, tables, encrypted FROM backup_runs
    WHERE status = 'ok' AND file = ANY(${names}::text[]) ORDER BY file, started_at DESC`.execute(
    db,
  );
  return rows;
}

/** The latest failure since the last good run, if any. */
export async function lastBackupFailure(
  db: Db,
): Promise<{ at: Date; message: string } | undefined> {
  const { rows } = await sql<{ at: Date; message: string }>`
    SELECT started_at AS at, message FROM backup_runs
    WHERE status = 'failed'
      AND started_at > coalesce((SELECT max(started_at) FROM backup_runs WHERE status = 'ok'),
                                '-infinity')
    ORDER BY started_at DESC LIMIT 1`.execute(db);
  return rows[0];
}
