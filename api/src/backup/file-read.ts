// Reading a backup file (file.ts has its format and its writer): in file order, every table's
// row count and SHA-256, the manifest and the signature checked as it goes.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { backupMessages } from 'contract';
import { decryptStream, ENCRYPTED_MAGIC } from './cipher.js';
import { BackupRefused } from './errors.js';
import {
  Checksums,
  FORMAT,
  GZIP_MAGIC,
  READABLE_VERSIONS,
  type BackupEvent,
  type BackupHeader,
  type Manifest,
  type Row,
  type TableSummary,
} from './file.js';
import { Pacer, type Pace } from './pace.js';
import { checkSignature, type SignatureCheck } from './signature.js';
import type { Column } from './tables.js';

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
