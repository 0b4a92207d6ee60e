// A large statement file read after its import call is answered (issue 39). Reading a
// 100,000-line CSV file (5.9 MB) in the worker, with its lines' fingerprints, took 5.1 s of the
// call at load 14 on two cores, the call over its 5 s budget; recording the import took 20 ms.
// A file of more than STATEMENT_READ_AFTER_BYTES that may hold more than STATEMENT_LINES_AT_ONCE
// lines is recorded 'importing' (no lines read yet) and answered at once; it is then read, and
// its lines written in batches (import-batches.ts). A refusal of the file once read (malformed,
// another currency, a future date, an amount out of bounds, its reconciled period) ends the
// import 'refused' with the message a small statement's call answers with, nothing stored. The
// account stays locked to other imports meanwhile; a server that stops mid-way leaves it
// 'interrupted', as a stopped batch does.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsText,
  statementMessages as sm,
  STATEMENT_LINES_AT_ONCE,
  STATEMENT_READ_AFTER_BYTES,
  type StatementFormat,
  type StatementImported,
  type StatementOptions,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest, HttpError } from '../lib/errors.js';
import { chainBreak } from './fingerprint.js';
import {
  afterAnswer,
  checkReconciled,
  importUnderWay,
  writeBatches,
  type BatchedImport,
  type ImportAfterAnswer,
  type Run,
} from './import-batches.js';
import type { StatementRead } from './readers/index.js';
import { readStatementInWorker } from './readers/in-worker.js';

export interface Account {
  name: string;
  currency: string;
}

/** A statement in another currency than its account's is refused, naming both. */
export function checkCurrency(statement: StatementRead, account: Account): void {
  if (statement.currency !== null && statement.currency !== account.currency)
    throw badRequest(sm.otherCurrency(statement.currency, account.currency, account.name));
}

/** How many times `marker` occurs in the bytes. */
function occurrences(bytes: Buffer, marker: string | RegExp): number {
  if (typeof marker === 'string') {
    let count = 0;
    for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, at + 1)) count += 1;
    return count;
  }
  return bytes.toString('latin1').match(marker)?.length ?? 0;
}

/** UTF-16, by its byte order mark or the zeros of its first bytes: no marker is found as such. */
function wide(bytes: Buffer): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return true;
  const head = bytes.subarray(0, 4096);
  return head.filter((byte) => byte === 0).length > head.length / 4;
}

/**
 * At least as many as the statement lines the file can hold, counted without reading it: its
 * text lines after the header (CSV), transactions opened (OFX), entries (CAMT.053) or :61: tags
 * (MT940).
 */
function linesAtMost(format: StatementFormat, bytes: Buffer): number {
  if (format === 'xlsx' || wide(bytes)) return Infinity;
  if (format === 'csv') {
    // Its text lines (a last one may have no line break), less the header.
    const last = bytes[bytes.length - 1];
    const unended = last === 0x0a || last === 0x0d ? 0 : 1;
    return Math.max(occurrences(bytes, '\n'), occurrences(bytes, '\r')) + unended - 1;
  }
  if (format === 'ofx') return occurrences(bytes, /<stmttrn[\s>]/gi);
  if (format === 'camt053') return occurrences(bytes, /<([\w.-]+:)?Ntry[\s>]/g);
  return occurrences(bytes, ':61:');
}

/**
 * Whether the file is read after its call is answered: more bytes than the limit (a quarter of
 * it for Excel, whose lines are packed) and possibly more than STATEMENT_LINES_AT_ONCE lines.
 */
export function readsAfterAnswer(format: StatementFormat, bytes: Buffer): boolean {
  const limit = format === 'xlsx' ? STATEMENT_READ_AFTER_BYTES / 4 : STATEMENT_READ_AFTER_BYTES;
  return bytes.length > limit && linesAtMost(format, bytes) > STATEMENT_LINES_AT_ONCE;
}

/** The file of an import read after its answer, given up once read. */
interface LaterFile {
  bytes: Buffer;
  options: StatementOptions;
  today: string;
}

export interface LaterImport extends ImportAfterAnswer, LaterFile {
  account: Account;
}

/** An import under way writes down that it is alive this often while its file is read. */
const ALIVE_EVERY_MS = 30_000;

/**
 * Records the import as 'importing', its file not read yet (409 while another is under way in
 * the account), and answers; the file is then read and its lines written after the answer.
 */
export async function importReadAfterAnswer(
  db: Db,
  given: Omit<LaterImport, 'importId'>,
  onDone: (added: number) => void,
  onFailure: (error: unknown) => void,
): Promise<StatementImported> {
  const importId = await db.transaction().execute(async (tx) => {
    await sql`SELECT id FROM accounts WHERE id = ${given.accountId} FOR UPDATE`.execute(tx);
    await importUnderWay(tx, given.accountId);
    const { rows } = await sql<{ id: string | number }>`
      INSERT INTO statement_imports (account_id, file_name, sha256, format, lines_added,
                                     lines_known, created_by, state, lines_read, lines_done,
                                     progress_at)
      VALUES (${given.accountId}, ${given.fileName}, ${given.sha256}, ${given.format}, 0, 0,
              ${given.by.userId}, 'importing', 0, 0, now())
      RETURNING id`.execute(tx);
    return Number(rows[0]!.id);
  });
  const { bytes, options, today, ...named } = given;
  const job = { ...named, importId };
  // The file is held until it is read, not while its lines are written.
  const file: { held: LaterFile | null } = { held: { bytes, options, today } };
  afterAnswer(db, job, (run) => readThenWrite(db, job, file, run), onDone, onFailure);
  return {
    message: m.statementImporting,
    importId,
    format: given.format as StatementFormat,
    state: 'importing',
    lines: 0,
    added: 0,
    known: 0,
    openingBalance: null,
    closingBalance: null,
    chainBreak: null,
  };
}

/** Reads the file, refuses it or records what it holds, then writes its lines in batches. */
async function readThenWrite(
  db: Db,
  job: ImportAfterAnswer & { account: Account },
  file: { held: LaterFile | null },
  run: Run,
): Promise<number> {
  // A file waiting for its turn to be read, or read slowly, is not a stopped import.
  const alive = setInterval(() => {
    void sql`UPDATE statement_imports SET progress_at = now()
             WHERE id = ${job.importId} AND state = 'importing'`
      .execute(db)
      .catch(() => undefined);
  }, ALIVE_EVERY_MS);
  alive.unref();
  let outcome;
  try {
    outcome = await readStatementInWorker({ fileName: job.fileName, ...file.held! });
  } finally {
    clearInterval(alive);
    file.held = null;
  }
  if (run.stopped) throw new Error('the server closed');
  let read: BatchedImport;
  try {
    if (outcome.error) throw outcome.error;
    const statement = outcome.read!;
    checkCurrency(statement, job.account);
    const { opening, closing, lines } = statement;
    const broken = chainBreak(lines, opening, closing);
    await sql`
      UPDATE statement_imports
      SET format = ${statement.format}, lines_read = ${lines.length}, progress_at = now(),
          opening_balance = ${opening === null ? null : centsText(opening)}::numeric,
          closing_balance = ${closing === null ? null : centsText(closing)}::numeric,
          chain_break = ${broken === null ? null : JSON.stringify(broken)}::jsonb
      WHERE id = ${job.importId}`.execute(db);
    const { account: _account, ...named } = job;
    read = {
      ...named,
      format: statement.format,
      chainBreak: broken,
      lines,
      prints: outcome.prints!,
    };
    await checkReconciled(db, read);
  } catch (error) {
    // Refused as a small statement's call would be (4xx): nothing was written.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await sql`UPDATE statement_imports SET state = 'refused', refusal = ${error.message},
              progress_at = now() WHERE id = ${job.importId}`.execute(db);
    return 0;
  }
  return writeBatches(db, read, run);
}
