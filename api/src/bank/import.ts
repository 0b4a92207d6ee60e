// Importing a bank statement into an account (issues 33 and 39): the lines read (readers/, in a
// worker thread) are stored with their fingerprint (fingerprint.ts); a line the account already
// has (the same file again, an overlapping statement) is recognised by it and counted, not
// stored twice, and the import is recorded as holding it too (statement_line_imports), so that
// undoing another import leaves it (undo.ts). Balances that do not chain are reported. A
// statement in another currency than the account's is refused. One activity row per import.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsText,
  fromCents,
  type StatementImported,
  type StatementOptions,
  type StatementPreview,
  STATEMENT_LINES_AT_ONCE,
  STATEMENT_PREVIEW_LINES,
  STATEMENT_READ_AFTER_BYTES,
  type ChainBreak,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { guardReconciled } from '../books/reconciled-period.js';
import { notFound } from '../lib/errors.js';
import { chainBreak } from './fingerprint.js';
import { checkCurrency, importReadAfterAnswer, readsAfterAnswer } from './import-later.js';
import { importUnderWay, knownPrints, startBatches, writeLines } from './import-batches.js';
import { statementFormat, type StatementRead } from './readers/index.js';
import { readStatementInWorker, type ReadOutcome } from './readers/in-worker.js';

export interface StatementUpload {
  fileName: string;
  bytes: Buffer;
  options: StatementOptions;
}

/** The account's name and currency, or a 404. */
async function accountOf(db: Db, accountId: number): Promise<{ name: string; currency: string }> {
  const { rows } = await sql<{ name: string; currency: string }>`
    SELECT name, currency FROM accounts WHERE id = ${accountId}`.execute(db);
  if (!rows[0]) throw notFound(m.accountNotFound);
  return rows[0];
}

const read = (upload: StatementUpload, today: string): Promise<ReadOutcome> =>
  readStatementInWorker({
    fileName: upload.fileName,
    bytes: upload.bytes,
    options: upload.options,
    today,
  });

/**
 * What importing the statement would store, storing nothing: the lines read, which of them the
 * account already has, and for CSV and Excel the columns used. A CSV or Excel statement whose
 * lines are refused as mapped answers its header and the refusal, so that the mapping can be
 * corrected; any other refusal is thrown as the import throws it.
 */
export async function previewStatement(
  db: Db,
  accountId: number,
  upload: StatementUpload,
  today: string,
): Promise<StatementPreview> {
  const account = await accountOf(db, accountId);
  const outcome = await read(upload, today);
  const { layout } = outcome;
  const table = () => ({
    headers: layout?.headers ?? [],
    sheets: layout?.sheets ?? [],
    sheet: layout?.sheet ?? null,
    mapping: layout?.mapping ?? {},
    dateFormat: layout?.dateFormat ?? null,
    numberFormat: layout?.numberFormat ?? null,
  });
  if (outcome.error) {
    if (!layout || outcome.error.statusCode !== 400) throw outcome.error;
    return {
      format: statementFormat(upload.fileName, upload.bytes, upload.options.format),
      ...table(),
      problem: outcome.error.message,
      lines: 0,
      added: 0,
      known: 0,
      openingBalance: null,
      closingBalance: null,
      chainBreak: null,
      first: [],
    };
  }
  const statement = outcome.read!;
  const prints = outcome.prints!;
  checkCurrency(statement, account);
  const stored = await knownPrints(db, accountId, prints);
  const money = (cents: bigint | null) => (cents === null ? null : (fromCents(cents) as number));
  return {
    format: statement.format,
    ...table(),
    problem: null,
    lines: statement.lines.length,
    added: statement.lines.length - stored.size,
    known: stored.size,
    openingBalance: money(statement.opening),
    closingBalance: money(statement.closing),
    chainBreak: chainBreak(statement.lines, statement.opening, statement.closing),
    first: statement.lines.slice(0, STATEMENT_PREVIEW_LINES).map((line, i) => ({
      line: line.line,
      date: line.date,
      amount: fromCents(line.cents) as number,
      description: line.description,
      reference: line.reference,
      balance: money(line.balance),
      known: stored.has(prints[i]!),
    })),
  };
}

/** The import's row, its counts to come. */
async function recordImport(
  tx: Db,
  userId: number,
  accountId: number,
  upload: StatementUpload,
  statement: StatementRead,
  sha256: string,
  broken: ChainBreak | null,
  state: 'importing' | 'done' = 'done',
): Promise<number> {
  const { opening, closing, format } = statement;
  const { rows } = await sql<{ id: string | number }>`
    INSERT INTO statement_imports (account_id, file_name, sha256, format, lines_added,
                                   lines_known, opening_balance, closing_balance, chain_break,
                                   created_by, state, lines_read, lines_done, progress_at)
    VALUES (${accountId}, ${upload.fileName}, ${sha256}, ${format}, 0, 0,
            ${opening === null ? null : centsText(opening)}::numeric,
            ${closing === null ? null : centsText(closing)}::numeric,
            ${broken === null ? null : JSON.stringify(broken)}::jsonb, ${userId}, ${state},
            ${statement.lines.length}, 0, now())
    RETURNING id`.execute(tx);
  return Number(rows[0]!.id);
}

/**
 * A statement of more than STATEMENT_LINES_AT_ONCE lines: recorded as importing, its reconciled
 * period checked, then answered while its lines are written in batches (import-batches.ts).
 */
async function importInBatches(
  db: Db,
  given: {
    userId: number;
    accountId: number;
    upload: StatementUpload;
    statement: StatementRead;
    prints: string[];
    sha256: string;
    broken: ChainBreak | null;
  },
  onDone: (added: number) => void,
  onFailure: (error: unknown) => void,
): Promise<StatementImported> {
  const { userId, accountId, upload, statement, prints, sha256, broken } = given;
  const importId = await db.transaction().execute(async (tx) => {
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    await importUnderWay(tx, accountId);
    return recordImport(tx, userId, accountId, upload, statement, sha256, broken, 'importing');
  });
  await startBatches(
    db,
    {
      accountId,
      importId,
      fileName: upload.fileName,
      sha256,
      format: statement.format,
      chainBreak: broken,
      lines: statement.lines,
      prints,
      by: { userId, reason: upload.options.reason ?? null },
    },
    onDone,
    onFailure,
  );
  const money = (cents: bigint | null) => (cents === null ? null : (fromCents(cents) as number));
  return {
    message: m.statementImporting,
    importId,
    format: statement.format,
    state: 'importing',
    lines: statement.lines.length,
    added: 0,
    known: 0,
    openingBalance: money(statement.opening),
    closingBalance: money(statement.closing),
    chainBreak: broken,
  };
}

export async function importStatement(
  db: Db,
  userId: number,
  accountId: number,
  upload: StatementUpload,
  today: string,
  /** Hears how many lines were added once the last is written (now, or after the answer). */
  onDone: (added: number) => void = () => undefined,
  /** Hears a failure of the batches written after the answer. */
  onFailure: (error: unknown) => void = () => undefined,
): Promise<StatementImported> {
  const account = await accountOf(db, accountId);
  // A large file is read after the answer (import-later.ts); its format is known from its name
  // or first bytes (a file of none is refused here, as its reader would refuse it).
  if (upload.bytes.length > STATEMENT_READ_AFTER_BYTES / 4) {
    const format = statementFormat(upload.fileName, upload.bytes, upload.options.format);
    if (readsAfterAnswer(format, upload.bytes))
      return importReadAfterAnswer(
        db,
        {
          accountId,
          account,
          fileName: upload.fileName,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          format,
          bytes: upload.bytes,
          options: upload.options,
          today,
          by: { userId, reason: upload.options.reason ?? null },
        },
        onDone,
        onFailure,
      );
  }
  const outcome = await read(upload, today);
  if (outcome.error) throw outcome.error;
  const statement = outcome.read!;
  const prints = outcome.prints!;
  checkCurrency(statement, account);
  const broken = chainBreak(statement.lines, statement.opening, statement.closing);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const { opening, closing, format } = statement;
  if (statement.lines.length > STATEMENT_LINES_AT_ONCE)
    return importInBatches(
      db,
      { userId, accountId, upload, statement, prints, sha256, broken },
      onDone,
      onFailure,
    );
  return db.transaction().execute(async (tx) => {
    // Two imports into one account at once take turns, so each sees the other's lines; an undo
    // takes the same turn (undo.ts).
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    await importUnderWay(tx, accountId);
    const importId = await recordImport(tx, userId, accountId, upload, statement, sha256, broken);
    let added = 0;
    /** The earliest day of a line stored now: one in the reconciled period needs an admin. */
    let earliest: string | null = null;
    const CHUNK = 5000;
    for (let start = 0; start < statement.lines.length; start += CHUNK) {
      const written = await writeLines(
        tx,
        accountId,
        importId,
        statement.lines.slice(start, start + CHUNK),
        prints.slice(start, start + CHUNK),
        start,
      );
      added += written.added;
      const first = written.earliest;
      if (first !== null && (earliest === null || first < earliest)) earliest = first;
    }
    // Lines added on or before "reconciled through" would change that day's statement.
    if (earliest !== null)
      await guardReconciled(
        tx,
        [{ accountId, day: earliest }],
        { userId, reason: upload.options.reason ?? null },
        { statementImported: upload.fileName },
      );
    const known = statement.lines.length - added;
    await sql`UPDATE statement_imports SET lines_added = ${added}, lines_known = ${known},
              lines_done = ${statement.lines.length} WHERE id = ${importId}`.execute(tx);
    onDone(added);
    const result: StatementImported = {
      message: m.statementImported,
      importId,
      format,
      state: 'done',
      lines: statement.lines.length,
      added,
      known,
      openingBalance: opening === null ? null : (fromCents(opening) as number),
      closingBalance: closing === null ? null : (fromCents(closing) as number),
      chainBreak: broken,
    };
    await audit(tx, {
      actorId: userId,
      action: 'statement_imported',
      entity: 'statement',
      entityId: importId,
      after: {
        accountId,
        fileName: upload.fileName,
        sha256,
        format,
        added,
        known,
        chainBreak: broken,
      },
    });
    return result;
  });
}
