// The backup folder's files as the schedule keeps them: the kept names, the facts admins see of
// each file, and why a backup failed in their words (schedule.ts takes and prunes them).
import { constants as fsConstants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { BACKUP_NAME_PATTERN, backupMessages, type BackupInfo } from 'contract';
import { ENCRYPTED_MAGIC } from './cipher.js';
import { BackupRefused } from './errors.js';
import type { Manifest } from './file.js';

const KEPT_NAME = new RegExp(BACKUP_NAME_PATTERN);

/** Whether `name` is a kept backup's name (and nothing else: no folder, no hidden file). */
export const isKeptName = (name: string): boolean => KEPT_NAME.test(name);

/** The kept file's name for a backup started at `at`. */
export const backupFileName = (at: Date): string =>
  `office-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;

/** The kept backups' names in the folder, newest first. */
export async function keptNames(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((name) => KEPT_NAME.test(name))
    .sort()
    .reverse();
}

export async function exists(file: string): Promise<boolean> {
  try {
    await (await open(file, fsConstants.O_RDONLY)).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
    await handle.read(head, 0, head.length, 0);
    return head.equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
}

export function infoOf(
  name: string,
  bytes: number,
  manifest: Manifest,
  encrypted: boolean,
): BackupInfo {
  return infoFromTables(
    name,
    bytes,
    manifest.takenAt,
    manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
    encrypted,
  );
}

export function infoFromTables(
  name: string,
  bytes: number,
  takenAt: Date | string,
  tables: BackupInfo['tables'],
  encrypted: boolean,
): BackupInfo {
  return {
    name,
    takenAt: new Date(takenAt).toISOString(),
    bytes: Number(bytes),
    rows: tables.reduce((sum, t) => sum + t.rows, 0),
    tables: tables.map((t) => ({ name: t.name, rows: t.rows })),
    encrypted,
  };
}

/** Why a backup failed, in words for admins: never a stack, SQL or a path beyond the folder's. */
export function failureText(error: unknown): string {
  if (error instanceof BackupRefused) return error.message;
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return backupMessages.diskFull;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return backupMessages.dirNotWritable;
    case 'ENOTDIR':
    case 'EEXIST':
      return backupMessages.dirNotAFolder;
    case 'ENOENT':
      return backupMessages.dirMissing;
    default:
      return backupMessages.unexpected;
  }
}
