// The backup file on disk: newline-delimited JSON, gzip-compressed, optionally encrypted
// (cipher.ts), signed under a server key (signature.ts). Writing goes to a temporary name in the
// same folder, is flushed to disk and renamed only when complete; reading checks every table's
// row count and SHA-256, the manifest and the signature as it goes. Layout:
// docs/decisions/012-backup-format.md.
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { backupMessages } from 'contract';
import { decryptStream, encryptStream, ENCRYPTED_MAGIC, type KdfParams } from './cipher.js';
import { BackupRefused } from './errors.js';
import { Pacer, type Pace } from './pace.js';
import { checkSignature, type SignatureCheck } from './signature.js';
import type { Column } from './tables.js';

export const FORMAT = 'office-finance-backup';
/** 2: the header names the signing key (`signedWith`) and a signature line ends the file. */
export const FORMAT_VERSION = 2;
/** The versions this code reads: 1 (before signatures: always unsigned) and 2. */
const READABLE_VERSIONS = new Set([1, 2]);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

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

export interface ReadOptions {
  passphrase?: string;
  /** Rows per `rows` event. */
  batch?: number;
  /**
   * false: rows are counted and checksummed as bytes, never decoded or parsed, and no `rows`
   * events come (a check of the file that has no use for the rows: verifyBackupFile).
   */
  rows?: boolean;
  /** Rests between slices of work (the running server's check of its backup): pace.ts. */
  pace?: Pace;
  /** The key to check the signature with; without it a signed file reads as `no key`. */
  signingKey?: Uint8Array;
}

/**
 * Reads and checks a backup file, in file order. It throws BackupRefused on anything that is not
 * a complete, unaltered backup: a foreign file, a wrong passphrase, a damaged or cut-short
 * file, a count or checksum that does not match. The checks of a table end with its `end`
 * event, those of the whole file with `manifest`: act on rows only once those have come. The
 * signature is not a refusal here: `manifest` says what was found, and the caller decides.
 */
export async function* readBackupFile(
  file: string,
  options: ReadOptions = {},
): AsyncGenerator<BackupEvent> {
  const batchSize = options.batch ?? 1000;
  const magic = Buffer.alloc(ENCRYPTED_MAGIC.length);
  const handle = await open(file, 'r');
  let magicBytes: number;
  try {
    magicBytes = (await handle.read(magic, 0, magic.length, 0)).bytesRead;
  } finally {
    await handle.close();
  }
  const encrypted = magicBytes === magic.length && magic.equals(ENCRYPTED_MAGIC);
  if (!encrypted && !(magicBytes >= 2 && magic.subarray(0, 2).equals(GZIP_MAGIC))) {
    throw new BackupRefused(backupMessages.notABackup);
  }
  const source = createReadStream(file);
  const stages: (NodeJS.ReadableStream | Transform)[] = [source];
  if (encrypted) stages.push(decryptStream(options.passphrase));
  const gunzip = createGunzip();
  stages.push(gunzip);
  const flowing = pipelineReadable(stages);

  const sums = new Checksums();
  let header: BackupHeader | undefined;
  let table: { name: string; columns: Column[] } | undefined;
  const summaries: TableSummary[] = [];
  let manifest: Manifest | undefined;
  let manifestLine: Buffer | undefined;
  let signature: unknown;
  let rows: Row[] = [];
  const altered = (detail?: string) => new BackupRefused(backupMessages.altered, detail);

  const wantRows = options.rows !== false;
  const pacer = new Pacer(options.pace);
  for await (const lines of linesOf(flowing)) {
    await pacer.step();
    for (const line of lines) {
      if (signature !== undefined) throw altered('data after the signature');
      if (manifest) {
        // Only a file whose header names a key ends with a signature line.
        const control = parseJson(textOf(line)) as { signature?: unknown } | null;
        if (!header?.signedWith || typeof control?.signature !== 'object' || !control.signature)
          throw altered('data after the manifest');
        signature = control.signature;
        continue;
      }
      if (!header) {
        header = parseHeaderLine(textOf(line));
        sums.lineBytes(line);
        yield { kind: 'header', header };
        continue;
      }
      if (line[0] === OPEN_BRACKET) {
        if (!table) throw altered('a row outside a table');
        sums.rowBytes(line);
        if (!wantRows) continue;
        const row = parseJson(textOf(line)) as unknown;
        if (
          !Array.isArray(row) ||
          row.length !== table.columns.length ||
          !row.every((v) => v === null || typeof v === 'string')
        ) {
          throw altered(`a malformed row in ${table.name}`);
        }
        rows.push(row as Row);
        if (rows.length >= batchSize) {
          yield { kind: 'rows', rows };
          rows = [];
        }
        continue;
      }
      const control = parseJson(textOf(line)) as Record<string, unknown>;
      if (typeof control !== 'object' || control === null) throw altered();
      if (typeof control.table === 'string') {
        if (table) throw altered(`table ${table.name} has no end`);
        const columns = control.columns as Column[];
        if (
          !Array.isArray(columns) ||
          !columns.every((c) => typeof c?.name === 'string' && typeof c?.type === 'string')
        ) {
          throw altered(`the columns of ${control.table}`);
        }
        table = { name: control.table, columns };
        sums.lineBytes(line);
        yield { kind: 'table', ...table };
      } else if (typeof control.end === 'string') {
        if (!table || control.end !== table.name) throw altered('a table end out of place');
        if (rows.length) yield { kind: 'rows', rows };
        rows = [];
        const summary = sums.endTable(table.name);
        if (control.rows !== summary.rows || control.sha256 !== summary.sha256) {
          throw altered(`table ${table.name}`);
        }
        sums.lineBytes(line);
        summaries.push(summary);
        table = undefined;
        yield { kind: 'end', summary };
      } else if (control.manifest && typeof control.manifest === 'object') {
        if (table) throw altered(`table ${table.name} has no end`);
        const claimed = control.manifest as Manifest;
        const same =
          claimed.sha256 === sums.fileDigest() &&
          JSON.stringify(claimed.tables) === JSON.stringify(summaries) &&
          (Object.keys(header) as (keyof BackupHeader)[]).every((k) => claimed[k] === header![k]);
        if (!same) throw altered('the manifest');
        manifest = claimed;
        manifestLine = line;
      } else {
        throw altered();
      }
    }
  }
  if (!header || !manifest || !manifestLine) throw new BackupRefused(backupMessages.truncated);
  yield {
    kind: 'manifest',
    manifest,
    signature: checkSignature(
      header.signedWith ?? null,
      options.signingKey,
      manifestLine,
      signature,
    ),
  };
}

/**
 * Reads the whole file (rows as bytes, never parsed) and returns its manifest once every check
 * has passed, with what was found of its signature.
 */
export async function checkBackupFile(
  file: string,
  options: ReadOptions = {},
): Promise<{ manifest: Manifest; signature: SignatureCheck }> {
  for await (const event of readBackupFile(file, { ...options, rows: false })) {
    if (event.kind === 'manifest') return { manifest: event.manifest, signature: event.signature };
  }
  throw new BackupRefused(backupMessages.truncated);
}

/** Reads the whole file and returns its manifest once every check has passed. */
export async function verifyBackupFile(file: string, options: ReadOptions = {}): Promise<Manifest> {
  return (await checkBackupFile(file, options)).manifest;
}

function parseHeaderLine(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupRefused(backupMessages.notABackup);
  }
  if (header?.format !== FORMAT) throw new BackupRefused(backupMessages.notABackup);
  if (
    !READABLE_VERSIONS.has(header.formatVersion as number) ||
    (header.formatVersion === 1 && 'signedWith' in header) ||
    (header.formatVersion !== 1 &&
      header.signedWith !== null &&
      (typeof header.signedWith !== 'string' || !/^[0-9a-f]{16}$/.test(header.signedWith))) ||
    !Number.isInteger(header.schema) ||
    typeof header.product !== 'string' ||
    typeof header.takenAt !== 'string' ||
    typeof header.takenBy !== 'string' ||
    typeof header.database !== 'string'
  ) {
    throw new BackupRefused(backupMessages.altered, 'the header');
  }
  return header as BackupHeader;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupRefused(backupMessages.altered, 'a line that is not JSON');
  }
}

/** Chains streams; the last one errors with the first failure of any. */
function pipelineReadable(stages: (NodeJS.ReadableStream | Transform)[]): NodeJS.ReadableStream {
  const last = stages[stages.length - 1]!;
  pipeline(stages as [NodeJS.ReadableStream, ...NodeJS.WritableStream[]]).catch(() => undefined);
  return last;
}

const NEWLINE = 0x0a;
const OPEN_BRACKET = 0x5b;

/** A line's text, without its newline. */
const textOf = (line: Buffer): string =>
  line.toString('utf8', 0, line[line.length - 1] === NEWLINE ? line.length - 1 : line.length);

/**
 * The lines of a byte stream, each with its newline (the last may have none), as Buffers: those
 * of one chunk at a time, so that the bytes of a row need never become a string. A line that
 * spans chunks is joined once, when its end has come. zlib's failures are said plainly.
 */
async function* linesOf(stream: NodeJS.ReadableStream): AsyncGenerator<Buffer[]> {
  let parts: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const lines: Buffer[] = [];
      let start = 0;
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
        const end = chunk.subarray(start, at + 1);
        lines.push(parts.length ? Buffer.concat([...parts, end]) : end);
        parts = [];
        start = at + 1;
      }
      if (start < chunk.length) parts.push(chunk.subarray(start));
      if (lines.length) yield lines;
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new BackupRefused(backupMessages.truncated);
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new BackupRefused(backupMessages.altered);
    }
    throw error;
  }
  if (parts.length) yield [Buffer.concat(parts)];
}
