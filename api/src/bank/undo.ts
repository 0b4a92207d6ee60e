// An account's statement imports, and undoing one (issues 33 and 39). An import holds every line
// of its file: those it stored and those the account already had (statement_line_imports).
// Undone, it gives up its lines: a line no other import (not undone) holds goes, while none of
// those is matched or excluded; a line another import also holds stays, as that import's.
// Before, undoing one import deleted the lines a later, active import also held.
import { sql } from 'kysely';
import { accountMessages as m, type StatementImport } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { guardReconciled } from '../books/reconciled-period.js';
import { conflict, notFound } from '../lib/errors.js';
import { importUnderWay, shownState } from './import-batches.js';

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
    state: StatementImport['state'];
    lines_read: number;
    lines_done: number;
    refusal: string | null;
  }>`
    SELECT id, file_name, format, lines_added, lines_known, chain_break, created_at, undone_at,
           ${shownState} AS state, lines_read, lines_done, refusal
    FROM statement_imports WHERE account_id = ${accountId} ORDER BY id DESC`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    fileName: row.file_name,
    format: row.format,
    added: row.lines_added,
    known: row.lines_known,
    state: row.state,
    lines: row.lines_read,
    linesDone: row.lines_done,
    refusal: row.refusal,
    chainBreak: row.chain_break,
    createdAt: row.created_at.toISOString(),
    undoneAt: row.undone_at ? row.undone_at.toISOString() : null,
  }));
}

/** Undoes an import as one: the lines only it holds go, while none is matched or excluded. */
export async function undoStatement(
  db: Db,
  userId: number,
  accountId: number,
  importId: number,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // The account's turn first, as an import takes it (import.ts): no import links a line that
    // this undo is deleting.
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    // Not while an import's batches are being written there (import-batches.ts).
    await importUnderWay(tx, accountId);
    const { rows } = await sql<{ undone_at: Date | null; state: string }>`
      SELECT undone_at, state FROM statement_imports
      WHERE id = ${importId} AND account_id = ${accountId} FOR UPDATE`.execute(tx);
    if (!rows[0]) throw notFound(m.statementNotFound);
    if (rows[0].undone_at) throw conflict(m.statementAlreadyUndone);
    if (rows[0].state === 'refused') throw conflict(m.statementRefusedNothingToUndo);
    const lines = await sql<{
      id: string | number;
      status: string;
      shared: boolean;
      line_date: string;
    }>`
      SELECT l.id, l.status, l.line_date,
             EXISTS (SELECT 1 FROM statement_line_imports o
                     JOIN statement_imports i ON i.id = o.import_id
                     WHERE o.line_id = l.id AND o.import_id <> ${importId}
                       AND i.undone_at IS NULL) AS shared
      FROM statement_lines l
      WHERE l.import_id = ${importId}
         OR l.id IN (SELECT line_id FROM statement_line_imports WHERE import_id = ${importId})
      FOR UPDATE`.execute(tx);
    const going = lines.rows.filter((line) => !line.shared);
    const staying = lines.rows.filter((line) => line.shared).map((line) => String(line.id));
    if (going.some((line) => line.status !== 'unmatched')) throw conflict(m.statementHasMatches);
    // Lines deleted on or before "reconciled through" would change that day's statement.
    await guardReconciled(
      tx,
      going.map((line) => ({ accountId, day: line.line_date })),
      { userId, reason },
      { statementUndone: importId },
    );
    // A line that stays is the earliest other holder's from now on.
    await sql`
      UPDATE statement_lines l SET import_id = (
        SELECT min(o.import_id) FROM statement_line_imports o
        JOIN statement_imports i ON i.id = o.import_id
        WHERE o.line_id = l.id AND o.import_id <> ${importId} AND i.undone_at IS NULL)
      WHERE l.id = ANY(${staying}::bigint[]) AND l.import_id = ${importId}`.execute(tx);
    await sql`DELETE FROM statement_line_imports WHERE import_id = ${importId}`.execute(tx);
    await sql`DELETE FROM statement_lines
              WHERE id = ANY(${going.map((line) => String(line.id))}::bigint[])`.execute(tx);
    await sql`UPDATE statement_imports SET undone_at = now(), undone_by = ${userId},
              undo_reason = ${reason.trim()} WHERE id = ${importId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'statement_undone',
      entity: 'statement',
      entityId: importId,
      after: { accountId, reason: reason.trim(), lines: going.length, kept: staying.length },
    });
  });
}
