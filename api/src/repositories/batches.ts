// Entry batches (docs/decisions/013-entry-batches.md): the entries an import, a payroll run or the
// due occurrences of repeating entries wrote in one step, listed and undone in one step. The
// feature that writes a batch creates it with `createBatch` inside the transaction that inserts
// the entries (with `batch_id`); undoing it is the same for every kind, with a hook per kind for
// the feature's own side (an import removing the parties it created, a payroll run freeing the
// employee-months it paid).
import { sql } from 'kysely';
import { apiMessages, type Batch, type BatchKind, type BatchListQuery } from 'contract';
import type { Db } from '../db/index.js';
import { isoText, personColumns, toPerson } from '../db/fragments.js';
import { audit } from '../lib/audit.js';
import { conflict, notFound } from '../lib/errors.js';
import { amountNumber } from 'contract';
import { idCursor, parseIdCursor } from '../lib/page-cursor.js';
import { insertBatchReversals, refuseClosedPeriod } from '../books/index.js';

/** Runs inside the undo's transaction, after the reversals are written. */
export type BatchReversalHook = (tx: Db, batchId: number) => Promise<void>;

const reversalHooks = new Map<BatchKind, BatchReversalHook>();

/** The feature that writes batches of `kind` undoes its own side of them here. */
export function registerBatchReversal(kind: BatchKind, hook: BatchReversalHook): void {
  reversalHooks.set(kind, hook);
}

/** Batches are created by the books writer, in the transaction that writes their entries. */
export { createBatch } from '../books/index.js';

type BatchRow = {
  id: number;
  kind: BatchKind;
  label: string;
  created_at: string;
  reversed_at: string | null;
  reverse_reason: string | null;
  entries: string | number;
  credit: string | null;
  debit: string | null;
  by_id: number | null;
  by_name: string | null;
  by_email: string | null;
  by_former: boolean | null;
  rev_id: number | null;
  rev_name: string | null;
  rev_email: string | null;
  rev_former: boolean | null;
};

const toBatch = (row: BatchRow): Batch => ({
  id: Number(row.id),
  kind: row.kind,
  label: row.label,
  createdBy: toPerson(row.by_id, row.by_name, row.by_email, row.by_former),
  createdAt: row.created_at,
  entries: Number(row.entries),
  credit: amountNumber(row.credit ?? 0),
  debit: amountNumber(row.debit ?? 0),
  reversedAt: row.reversed_at,
  reversedBy: toPerson(row.rev_id, row.rev_name, row.rev_email, row.rev_former),
  reverseReason: row.reverse_reason,
});

async function batchRows(
  db: Db,
  where: { id?: number; kind?: BatchKind; before?: number },
  limit: number,
): Promise<Batch[]> {
  const { rows } = await sql<BatchRow>`
    SELECT b.id, b.kind, b.label, ${isoText('b.created_at')} AS created_at,
           ${isoText('b.reversed_at')} AS reversed_at, b.reverse_reason,
           s.entries, s.credit::text AS credit, s.debit::text AS debit,
           ${personColumns('u', 'by')}, ${personColumns('r', 'rev')}
    FROM entry_batches b
    LEFT JOIN users u ON u.id = b.created_by
    LEFT JOIN users r ON r.id = b.reversed_by
    CROSS JOIN LATERAL (
      SELECT count(*) AS entries,
             coalesce(sum(e.amount) FILTER (WHERE e.credit_debit = 'Credit'), 0) AS credit,
             coalesce(sum(e.amount) FILTER (WHERE e.credit_debit = 'Debit'), 0) AS debit
      FROM entries e WHERE e.batch_id = b.id AND e.reverses_id IS NULL
    ) s
    WHERE ${where.id === undefined ? sql`true` : sql`b.id = ${where.id}`}
      AND ${where.kind === undefined ? sql`true` : sql`b.kind = ${where.kind}`}
      AND ${where.before === undefined ? sql`true` : sql`b.id < ${where.before}`}
    ORDER BY b.id DESC
    LIMIT ${limit}`.execute(db);
  return rows.map(toBatch);
}

/** A page of batches, newest first, of one kind when asked; `next` while more are older. */
export async function listBatches(
  db: Db,
  query: BatchListQuery,
): Promise<{ batches: Batch[]; next: string | null }> {
  const limit = query.limit ?? 50;
  const before = parseIdCursor('batch', query.after);
  const rows = await batchRows(db, { kind: query.kind, before }, limit + 1);
  const batches = rows.slice(0, limit);
  const last = batches[batches.length - 1];
  return { batches, next: rows.length > limit && last ? idCursor('batch', last.id) : null };
}

export async function findBatch(db: Db, id: number): Promise<Batch | undefined> {
  return (await batchRows(db, { id }, 1))[0];
}

/**
 * Undoes a batch: one reversal for each of its entries, in one transaction, or nothing at all
 * (already undone, an entry in a closed period, an entry reversed on its own). The reversals
 * carry the batch too, so the journal filtered by the batch shows both sides and sums to zero.
 */
export async function reverseBatch(
  db: Db,
  userId: number,
  input: { id: number; reason: string },
): Promise<{ batch: Batch; reversed: number }> {
  const reason = input.reason.trim();
  const reversed = await db.transaction().execute(async (tx) => {
    // The row lock makes a second undo of the same batch wait for this one, then see it done.
    const { rows } = await sql<{ kind: BatchKind; reversed_at: unknown }>`
      SELECT kind, reversed_at FROM entry_batches WHERE id = ${input.id} FOR UPDATE`.execute(tx);
    const batch = rows[0];
    if (!batch) throw notFound(apiMessages.batchNotFound);
    if (batch.reversed_at !== null) throw conflict(apiMessages.batchAlreadyReversed);

    const { rows: state } = await sql<{ first_day: string | null; reversed: string | number }>`
      SELECT min(e.entry_date) AS first_day,
             count(r.id) AS reversed
      FROM entries e LEFT JOIN entries r ON r.reverses_id = e.id
      WHERE e.batch_id = ${input.id} AND e.reverses_id IS NULL`.execute(tx);
    if (Number(state[0]?.reversed ?? 0) > 0) throw conflict(apiMessages.batchEntryReversed);
    await refuseClosedPeriod(tx, [state[0]?.first_day ?? null], 'batch');

    const count = await insertBatchReversals(tx, input.id, reason, { userId });
    await sql`
      UPDATE entry_batches
      SET reversed_at = now(), reversed_by = ${userId}, reverse_reason = ${reason}
      WHERE id = ${input.id}`.execute(tx);
    await reversalHooks.get(batch.kind)?.(tx, input.id);
    await audit(tx, {
      actorId: userId,
      action: 'reverse',
      entity: 'batch',
      entityId: input.id,
      after: { kind: batch.kind, reason, reversals: count },
    });
    return count;
  });
  const batch = await findBatch(db, input.id);
  if (!batch) throw notFound(apiMessages.batchNotFound);
  return { batch, reversed };
}
