// The backup file on disk: newline-delimited JSON, gzip-compressed, optionally encrypted
// (cipher.ts), signed under a server key (signature.ts). Writing goes to a temporary name in the
// same folder, is flushed to disk and renamed only when complete; reading (file-read.ts) checks
// every table's row count and SHA-256, the manifest and the signature as it goes. Layout:
// docs/decisions/012-backup-format.md.
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { backupMessages } from 'contract';
import { encryptStream, type KdfParams } from './cipher.js';
import { BackupRefused } from './errors.js';
import type { SignatureCheck } from './signature.js';
import type { Column } from './tables.js';

export const FORMAT = 'office-finance-backup';
/** 2: the header names the signing key (`signedWith`) and a signature line ends the file. */
export const FORMAT_VERSION = 2;
/** The versions this code reads: 1 (before signatures: always unsigned) and 2. */
export const READABLE_VERSIONS = new Set([1, 2]);
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export interface BackupHeader {
  format: typeof FORMAT;
  formatVersion: number;
  /** The api package's version that wrote the file. */
  product: string;
  /** The highest applied migration of the database backed up. */
  schema: number;
  /** ISO 8601 time of the snapshot. */
  takenAt: string;
  /** The operating-system user who ran `npm run backup`, or "server". */
  takenBy: string;
  /** The database it came from: `pglite` or `postgres`. */
  database: string;
  /**
   * The id of the key the file is signed with (signature.ts), or null: unsigned. Absent in
   * format 1, which had no signatures.
   */
  signedWith?: string | null;
}

export interface TableSummary {
  name: string;
  rows: number;
  sha256: string;
}

export interface Manifest extends BackupHeader {
  tables: TableSummary[];
  /** SHA-256 of every line before the manifest line (each with its newline). */
  sha256: string;
}

export type Row = (string | null)[];

/** What the reader hands on, in file order; every check before it has passed. */
export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; name: string; columns: Column[] }
  | { kind: 'rows'; rows: Row[] }
  | { kind: 'end'; summary: TableSummary }
  | { kind: 'manifest'; manifest: Manifest; signature: SignatureCheck };

export interface WriteOptions {
  /** Encrypts the file with this passphrase (BACKUP_PASSPHRASE). */
  passphrase?: string;
  kdf?: KdfParams;
}

/**
 * Writes `content` (whole lines, each with its newline) to `file` through gzip (and encryption),
 * under a temporary name in the same folder that is renamed to `file` only once everything is on
 * disk.
 * A failure removes the temporary file; an existing `file` is never replaced.
 */
export async function writeBackupFile(
  file: string,
  content: AsyncIterable<Buffer>,
  options: WriteOptions = {},
): Promise<{ bytes: number }> {
  const folder = path.dirname(path.resolve(file));
  const temporary = path.join(
    folder,
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.incomplete`,
  );
  try {
    await (await open(file, fsConstants.O_RDONLY)).close();
    throw new BackupRefused(backupMessages.outExists, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let bytes = 0;
  try {
    const stages: (NodeJS.ReadableStream | Transform | NodeJS.WritableStream)[] = [
      // Two Buffers read ahead at most: the rest waits in the database until gzip takes more.
      Readable.from(content, { objectMode: true, highWaterMark: 2 }),
      createGzip({ level: 6 }),
    ];
    if (options.passphrase) stages.push(await encryptStream(options.passphrase, options.kdf));
    const out = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    stages.push(out);
    await pipeline(stages as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream]);
    bytes = out.bytesWritten;
    // fsync through any descriptor of the file flushes its data.
    const written = await open(temporary, 'r+');
    try {
      await written.sync();
    } finally {
      await written.close();
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  try {
    // The name may have been taken while the backup was written: never replace a file.
    await (await open(file, fsConstants.O_RDONLY)).close();
    await rm(temporary, { force: true });
    throw new BackupRefused(backupMessages.outExists, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await rename(temporary, file);
  // The rename itself is on disk once the folder is.
  const dir = await open(folder, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
  return { bytes };
}

/** Keeps the running checksums of a file while its lines are written or read. */
export class Checksums {
  private file = createHash('sha256');
  private table = createHash('sha256');
  private tableRows = 0;

  line(text: string): void {
    this.file.update(text + '\n');
  }
  /** `count` rows, as whole lines each with its newline. */
  rows(lines: Buffer, count: number): void {
    this.table.update(lines);
    this.tableRows += count;
    this.file.update(lines);
  }
  /** The finished table's row count and SHA-256; starts the next table. */
  endTable(name: string): TableSummary {
    const summary = { name, rows: this.tableRows, sha256: this.table.digest('hex') };
    this.table = createHash('sha256');
    this.tableRows = 0;
    return summary;
  }
  /** A line other than a row, as read: its bytes with the newline. */
  lineBytes(line: Buffer): void {
    this.file.update(line);
  }
  /** A row as read: its bytes with the newline. */
  rowBytes(line: Buffer): void {
    this.table.update(line);
    this.tableRows += 1;
    this.file.update(line);
  }
  fileDigest(): string {
    return this.file.copy().digest('hex');
  }
}
