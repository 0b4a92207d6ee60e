// Backups taken by the running server (admins only): the kept backup files with what their
// manifests say, the schedule, the last failure, "back up now", and a download of one file.
// The file format is docs/decisions/012-backup-format.md.
import { Type, type Static } from '@sinclair/typebox';

/**
 * A kept backup's file name: `office-<UTC time>Z.backup`, so that names sort by time. Anything
 * else (a path, `..`, a NUL, another file of the folder) is refused before the folder is read.
 */
export const BACKUP_NAME_PATTERN =
  '^office-[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z\\.backup$';

export const BackupTable = Type.Object({ name: Type.String(), rows: Type.Integer() });
export type BackupTable = Static<typeof BackupTable>;

export const BackupInfo = Type.Object({
  /** The file's name in the backup folder. */
  name: Type.String(),
  /** When the snapshot was taken (ISO 8601, UTC). */
  takenAt: Type.String(),
  /** The file's size. */
  bytes: Type.Integer(),
  /** Rows of every table together. */
  rows: Type.Integer(),
  /** Each carried table with its rows, in file order. */
  tables: Type.Array(BackupTable),
  /** Encrypted with BACKUP_PASSPHRASE. */
  encrypted: Type.Boolean(),
});
export type BackupInfo = Static<typeof BackupInfo>;

export const BackupSchedule = Type.Object({
  /** False when there is no backup folder (PostgreSQL without BACKUP_DIR, an in-memory database). */
  enabled: Type.Boolean(),
  /** The backup folder (BACKUP_DIR), null when off. */
  dir: Type.Union([Type.String(), Type.Null()]),
  /** BACKUP_EVERY_HOURS (fractions allowed). */
  everyHours: Type.Number(),
  /** BACKUP_KEEP: good backups kept, the newest. */
  keep: Type.Integer(),
  /** When the next scheduled backup is due (ISO 8601), null when off. */
  nextDue: Type.Union([Type.String(), Type.Null()]),
});
export type BackupSchedule = Static<typeof BackupSchedule>;

export const BackupFailure = Type.Object({
  /** When the failed backup started (ISO 8601). */
  at: Type.String(),
  message: Type.String(),
});
export type BackupFailure = Static<typeof BackupFailure>;

export const BackupList = Type.Object({
  /** The kept backups, newest first. */
  backups: Type.Array(BackupInfo),
  schedule: BackupSchedule,
  /** The last backup that failed, when no good one has been taken since; else null. */
  lastFailure: Type.Union([BackupFailure, Type.Null()]),
});
export type BackupList = Static<typeof BackupList>;

export const BackupTaken = Type.Object({ message: Type.String(), backup: BackupInfo });
export type BackupTaken = Static<typeof BackupTaken>;

export const BackupNameParams = Type.Object(
  { name: Type.String({ pattern: BACKUP_NAME_PATTERN, maxLength: 64 }) },
  { additionalProperties: false },
);
export type BackupNameParams = Static<typeof BackupNameParams>;

/** The bytes of a backup file (gzip, or the encrypted layout). */
export const BackupBytes = Type.String({
  description: 'A backup file (docs/decisions/012-backup-format.md)',
});
