// Importing a bank statement into an account (issue 33): the lines read (read.ts) are stored with
// their fingerprint; a line the account already has (the same file again, an overlapping
// statement) is recognised by it and counted, not stored twice. Balances that do not chain are
// reported. One activity row per import; an import is undone as one while none of its lines is
// matched or excluded.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsText,
  fromCents,
  type ChainBreak,
  type StatementImport,
  type StatementImported,
  type StatementOptions,
  type StatementPreview,
  STATEMENT_PREVIEW_LINES,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { conflict, HttpError, notFound } from '../lib/errors.js';
import {
  readStatement,
  statementFormat,
  type StatementLayout,
  type StatementLineRead,
} from './read.js';

/** `date|cents|reference or description|n`: n counts the same line within one file. */
export function fingerprints(lines: readonly StatementLineRead[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = `${line.date}|${line.cents}|${(line.reference || line.description).toLowerCase().slice(0, 200)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}|${n}`;
  });
}

/** The first line whose running balance is not the previous balance plus its amount. */
export function chainBreak(
  lines: readonly StatementLineRead[],
  opening: bigint | null,
  closing: bigint | null,
): ChainBreak | null {
  let previous = opening;
  for (const line of lines) {
    if (line.balance === null) {
      previous = previous === null ? null : previous + line.cents;
      continue;
    }
    if (previous !== null && previous + line.cents !== line.balance)
      return {
        line: line.line,
        expected: fromCents(previous + line.cents) as number,
        given: fromCents(line.balance) as number,
      };
    previous = line.balance;
  }
  const last = lines[lines.length - 1];
  if (closing !== null && previous !== null && previous !== closing && last)
    return {
      line: last.line,
      expected: fromCents(previous) as number,
      given: fromCents(closing) as number,
    };
  return null;
}

/**
 * What importing the statement would store, storing nothing: the lines read, which of them the
 * account already has, and for CSV and Excel the columns used. A CSV or Excel statement whose
 * lines are refused as mapped answers its header and the refusal, so that the mapping can be
 * corrected; any other refusal is thrown as the import throws it.
 */
export async function previewStatement(
  db: Db,
  accountId: number,
  upload: { fileName: string; bytes: Buffer; options: StatementOptions },
): Promise<StatementPreview> {
  const exists = await sql`SELECT 1 FROM accounts WHERE id = ${accountId}`.execute(db);
  if (exists.rows.length === 0) throw notFound(m.accountNotFound);
  let layout: StatementLayout | undefined;
  const table = () => ({
    headers: layout?.headers ?? [],
    sheets: layout?.sheets ?? [],
    sheet: layout?.sheet ?? null,
    mapping: layout?.mapping ?? {},
    dateFormat: layout?.dateFormat ?? null,
    numberFormat: layout?.numberFormat ?? null,
  });
  let read;
  try {
    read = await readStatement(upload.fileName, upload.bytes, upload.options, (seen) => {
      layout = seen;
    });
  } catch (error) {
    if (!layout || !(error instanceof HttpError) || error.statusCode !== 400) throw error;
    return {
      format: statementFormat(upload.fileName, upload.bytes, upload.options.format),
      ...table(),
      problem: error.message,
      lines: 0,
      added: 0,
      known: 0,
      openingBalance: null,
      closingBalance: null,
      chainBreak: null,
      first: [],
    };
  }
  const prints = fingerprints(read.lines);
  const { rows } = await sql<{ fingerprint: string }>`
    SELECT fingerprint FROM statement_lines
    WHERE account_id = ${accountId} AND fingerprint = ANY(${prints}::text[])`.execute(db);
  const stored = new Set(rows.map((row) => row.fingerprint));
  const money = (cents: bigint | null) => (cents === null ? null : (fromCents(cents) as number));
  return {
    format: read.format,
    ...table(),
    problem: null,
    lines: read.lines.length,
    added: read.lines.length - stored.size,
    known: stored.size,
    openingBalance: money(read.opening),
    closingBalance: money(read.closing),
    chainBreak: chainBreak(read.lines, read.opening, read.closing),
    first: read.lines.slice(0, STATEMENT_PREVIEW_LINES).map((line, i) => ({
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

export async function importStatement(
  db: Db,
  userId: number,
  accountId: number,
  upload: { fileName: string; bytes: Buffer; options: StatementOptions },
): Promise<StatementImported> {
  const exists = await sql`SELECT 1 FROM accounts WHERE id = ${accountId}`.execute(db);
  if (exists.rows.length === 0) throw notFound(m.accountNotFound);
  const read = await readStatement(upload.fileName, upload.bytes, upload.options);
  const prints = fingerprints(read.lines);
  const broken = chainBreak(read.lines, read.opening, read.closing);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  return db.transaction().execute(async (tx) => {
    // Two imports into one account at once take turns, so each sees the other's lines.
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    const { rows } = await sql<{ id: string | number }>`
      INSERT INTO statement_imports (account_id, file_name, sha256, format, lines_added,
                                     lines_known, opening_balance, closing_balance, chain_break,
                                     created_by)
      VALUES (${accountId}, ${upload.fileName}, ${sha256}, ${read.format}, 0, 0,
              ${read.opening === null ? null : centsText(read.opening)}::numeric,
              ${read.closing === null ? null : centsText(read.closing)}::numeric,
              ${broken === null ? null : JSON.stringify(broken)}::jsonb, ${userId})
      RETURNING id`.execute(tx);
    const importId = Number(rows[0]!.id);
    let added = 0;
    const CHUNK = 5000;
    for (let start = 0; start < read.lines.length; start += CHUNK) {
      const chunk = read.lines.slice(start, start + CHUNK);
      const { rows: inserted } = await sql<{ n: string | number }>`
        WITH added AS (
          INSERT INTO statement_lines (account_id, import_id, line_date, amount, description,
                                       reference, bank_balance, fingerprint, position)
          SELECT ${accountId}, ${importId}, u.day, u.amount, u.description, u.reference, u.balance,
                 u.fingerprint, u.position
          FROM unnest(${chunk.map((l) => l.date)}::date[],
                      ${chunk.map((l) => centsText(l.cents))}::numeric[],
                      ${chunk.map((l) => l.description)}::text[],
                      ${chunk.map((l) => l.reference)}::text[],
                      ${chunk.map((l) => (l.balance === null ? null : centsText(l.balance)))}::numeric[],
                      ${prints.slice(start, start + CHUNK)}::text[],
                      ${chunk.map((_, i) => start + i + 1)}::integer[])
               AS u(day, amount, description, reference, balance, fingerprint, position)
          ON CONFLICT (account_id, fingerprint) DO NOTHING
          RETURNING 1)
        SELECT count(*) AS n FROM added`.execute(tx);
      added += Number(inserted[0]?.n ?? 0);
    }
    const known = read.lines.length - added;
    await sql`UPDATE statement_imports SET lines_added = ${added}, lines_known = ${known}
              WHERE id = ${importId}`.execute(tx);
    const result: StatementImported = {
      message: m.statementImported,
      importId,
      format: read.format,
      added,
      known,
      openingBalance: read.opening === null ? null : (fromCents(read.opening) as number),
      closingBalance: read.closing === null ? null : (fromCents(read.closing) as number),
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
        format: read.format,
        added,
        known,
        chainBreak: broken,
      },
    });
    return result;
  });
}

export async function listStatements(db: Db, accountId: number): Promise<StatementImport[]> {
  const exists = await sql`SELECT 1 FROM accounts WHERE id = ${accountId}`.execute(db);
  if (exists.rows.length === 0) throw notFound(m.accountNotFound);
  const { rows } = await sql<{
    id: number;
    file_name: string;
    format: StatementImport['format'];
    lines_added: number;
    lines_known: number;
    chain_break: StatementImport['chainBreak'];
    created_at: Date;
    undone_at: Date | null;
  }>`
    SELECT id, file_name, format, lines_added, lines_known, chain_break, created_at, undone_at
    FROM statement_imports WHERE account_id = ${accountId} ORDER BY id DESC`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    fileName: row.file_name,
    format: row.format,
    added: row.lines_added,
    known: row.lines_known,
    chainBreak: row.chain_break,
    createdAt: row.created_at.toISOString(),
    undoneAt: row.undone_at ? row.undone_at.toISOString() : null,
  }));
}

/** Undoes an import as one: its lines go, while none is matched or excluded. */
export async function undoStatement(
  db: Db,
  userId: number,
  accountId: number,
  importId: number,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ undone_at: Date | null }>`
      SELECT undone_at FROM statement_imports WHERE id = ${importId} AND account_id = ${accountId}
      FOR UPDATE`.execute(tx);
    if (!rows[0]) throw notFound(m.statementNotFound);
    if (rows[0].undone_at) throw conflict(m.statementAlreadyUndone);
    const lines = await sql<{ id: number; status: string }>`
      SELECT id, status FROM statement_lines WHERE import_id = ${importId} FOR UPDATE`.execute(tx);
    if (lines.rows.some((line) => line.status !== 'unmatched'))
      throw conflict(m.statementHasMatches);
    await sql`DELETE FROM statement_lines WHERE import_id = ${importId}`.execute(tx);
    await sql`UPDATE statement_imports SET undone_at = now(), undone_by = ${userId},
              undo_reason = ${reason.trim()} WHERE id = ${importId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'statement_undone',
      entity: 'statement',
      entityId: importId,
      after: { accountId, reason: reason.trim(), lines: lines.rows.length },
    });
  });
}
