// Takes a backup: every carried table (tables.ts) from one consistent snapshot, written as the
// file format of file.ts. On PostgreSQL the snapshot is a REPEATABLE READ READ ONLY transaction,
// so the server keeps serving and writing meanwhile; on PGlite the one connection's transaction
// is the snapshot. Rows are streamed (COPY on PostgreSQL, a cursor on PGlite), never a table at once.
import { readFileSync } from 'node:fs';
import { backupMessages } from 'contract';
import type { DatabaseHandle, RawTransaction } from '../db/index.js';
import { BackupRefused } from './errors.js';
import {
  Checksums,
  FORMAT,
  FORMAT_VERSION,
  writeBackupFile,
  type BackupHeader,
  type Manifest,
  type TableSummary,
  type WriteOptions,
} from './file.js';
import { copyLines, type RowLines } from './copy-binary.js';
import { Pacer, type Pace } from './pace.js';
import { signingKeyId, signManifestLine } from './signature.js';
import { carriedTables, quoteIdent, type CarriedTable } from './tables.js';

const PAGE = 5000;

export const productVersion = (): string =>
  (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

export interface BackupOptions extends WriteOptions {
  /** Who takes it: the operating-system user, or "server". */
  takenBy: string;
  /** Rests between slices of work (the running server's backups): pace.ts. */
  pace?: Pace;
  /** Signs the file (signature.ts); without it the file is unsigned and restores only when trusted. */
  signingKey?: Uint8Array;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Writes a backup of `database` to `file` (which must not exist yet). */
export async function takeBackup(
  database: DatabaseHandle,
  file: string,
  options: BackupOptions,
): Promise<BackupResult> {
  return database.transaction(async (tx) => {
    await tx.exec(
      'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; ' +
        // Text forms that read back exactly, whatever the server's defaults.
        "SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'; " +
        "SET LOCAL extra_float_digits = 3; SET LOCAL bytea_output = 'hex'; " +
        "SET LOCAL TimeZone = 'UTC'",
    );
    const header: BackupHeader = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      product: productVersion(),
      schema: await schemaVersion(tx),
      takenAt: (
        await tx.query<{ now: string }>(
          `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
        )
      )[0]!.now,
      takenBy: options.takenBy,
      database: database.driver,
      signedWith: options.signingKey ? signingKeyId(options.signingKey) : null,
    };
    const tables = await carriedTables(tx);
    let manifest: Manifest | undefined;
    const { bytes } = await writeBackupFile(
      file,
      lines(
        tx,
        header,
        tables,
        new Pacer(options.pace),
        options.signingKey,
        (done) => (manifest = done),
      ),
      options,
    );
    return { file, bytes, manifest: manifest! };
  });
}

/** The highest applied migration; a database without any is refused. */
async function schemaVersion(tx: RawTransaction): Promise<number> {
  const [found] = await tx.query<{ exists: boolean }>(
    `SELECT to_regclass('public.schema_migrations') IS NOT NULL AS exists`,
  );
  if (!found?.exists) throw new BackupRefused(backupMessages.noDatabase);
  const [row] = await tx.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  if (row?.version === null || row?.version === undefined) {
    throw new BackupRefused(backupMessages.noDatabase);
  }
  return Number(row.version);
}

/**
 * The file's content, a Buffer at a time: the header, then each table's start line, rows and end
 * line, then the manifest and, with a key, its signature. Rows come as whole lines (each with its
 * newline) many to a Buffer.
 */
async function* lines(
  tx: RawTransaction,
  header: BackupHeader,
  tables: CarriedTable[],
  pacer: Pacer,
  signingKey: Uint8Array | undefined,
  finished: (manifest: Manifest) => void,
): AsyncGenerator<Buffer> {
  const sums = new Checksums();
  const summaries: TableSummary[] = [];
  const line = (value: unknown) => {
    const text = JSON.stringify(value);
    sums.line(text);
    return Buffer.from(text + '\n');
  };
  yield line(header);
  for (const table of tables) {
    yield line({ table: table.name, columns: table.columns });
    for await (const rows of rowsOf(tx, table)) {
      sums.rows(rows.bytes, rows.count);
      yield rows.bytes;
      await pacer.step();
    }
    const summary = sums.endTable(table.name);
    summaries.push(summary);
    yield line({ end: table.name, rows: summary.rows, sha256: summary.sha256 });
  }
  const manifest: Manifest = { ...header, tables: summaries, sha256: sums.fileDigest() };
  finished(manifest);
  const manifestLine = line({ manifest });
  yield manifestLine;
  if (signingKey) yield line({ signature: signManifestLine(signingKey, manifestLine) });
}

/**
 * The table's rows as JSON arrays of PostgreSQL's text forms, in key order. The database writes
 * each line (array_to_json of a text array: the same characters as JSON.stringify of the same
 * strings, without spaces), so the process only passes bytes on. On PostgreSQL they come through
 * COPY, as the socket delivers them, with no JavaScript string or object per row: a million rows
 * read as row objects left the server's heap hundreds of megabytes larger after a backup. PGlite
 * has no COPY to a client; there a cursor hands over a page at a time.
 */
async function* rowsOf(tx: RawTransaction, table: CarriedTable): AsyncGenerator<RowLines> {
  const values = table.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
  const order = table.key.length ? ` ORDER BY ${table.key.map(quoteIdent).join(', ')}` : '';
  const select =
    `SELECT array_to_json(ARRAY[${values}]::text[])::text AS line ` +
    `FROM ${quoteIdent(table.name)}${order}`;
  if (tx.copyTo) {
    yield* copyLines(tx.copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
    return;
  }
  await tx.exec(`DECLARE backup_rows NO SCROLL CURSOR FOR ${select}`);
  for (;;) {
    const page = await tx.query<{ line: string }>(`FETCH ${PAGE} FROM backup_rows`);
    if (page.length) {
      yield { bytes: Buffer.from(page.map((row) => row.line + '\n').join('')), count: page.length };
    }
    if (page.length < PAGE) break;
  }
  await tx.exec('CLOSE backup_rows');
}
