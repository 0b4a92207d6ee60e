// Writing a match (issue 33): a statement line locked, then matched to entries and transfers of
// its account that add up to it. Used by matching by hand, by "Accept all suggested" and by an
// entry made from a line.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  type EntryKind,
  type StatementLine,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { guardReconciled, reconciledThrough } from '../books/index.js';

export interface LockedLine {
  id: number;
  account_id: number;
  line_date: string;
  amount: string;
  description: string;
  reference: string;
  status: StatementLine['status'];
  /** The account's "reconciled through" day, read with the account locked. */
  reconciled_through: string | null;
}

/**
 * Locks the account's row, then a line of it (FOR UPDATE: two clerks on one line take turns). The
 * account always first, so that every change of a match and "reconciled through" (which locks
 * the account for update) take their locks in one order and wait for each other: `account`
 * 'update' for a change that must not meet a "reconciled through" being set (an unmatch).
 */
export async function lockLine(
  tx: Db,
  accountId: number,
  lineId: number,
  account: 'share' | 'update' = 'share',
): Promise<LockedLine> {
  const through = await reconciledThrough(tx, [accountId], account);
  if (!through.has(accountId)) throw notFound(m.accountNotFound);
  const { rows } = await sql<Omit<LockedLine, 'reconciled_through'>>`
    SELECT id, account_id, line_date, amount::text AS amount, description, reference, status
    FROM statement_lines WHERE id = ${lineId} AND account_id = ${accountId} FOR UPDATE`.execute(tx);
  if (!rows[0]) throw notFound(m.lineNotFound);
  return { ...rows[0], reconciled_through: through.get(accountId) ?? null };
}

/** Matches the line to entries and transfers in `tx` (the line locked and unmatched). */
export async function writeMatch(
  tx: Db,
  userId: number,
  line: LockedLine,
  entryIds: readonly number[],
  transferIds: readonly number[],
  /** False when the caller's own activity row tells of the match (an entry made from the line). */
  audited = true,
  /** An admin's reason for matching a line dated in the account's reconciled period. */
  reason?: string,
): Promise<void> {
  if (line.status !== 'unmatched') throw conflict(m.lineNotUnmatched);
  if (entryIds.length + transferIds.length === 0) throw badRequest(m.matchNeedsEntries);
  await guardReconciled(
    tx,
    [{ accountId: line.account_id, day: line.line_date }],
    { userId, reason },
    { line: line.id, matched: { entryIds, transferIds } },
  );
  let sum = 0n;
  if (entryIds.length) {
    const { rows } = await sql<{ id: number; kind: EntryKind; amount: string }>`
      SELECT e.id, e.kind, e.amount::text AS amount FROM entries e
      WHERE e.id = ANY(${entryIds}::bigint[]) AND e.account_id = ${line.account_id}
        AND e.credit_debit = 'Credit' AND e.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)
      ORDER BY e.id
      FOR UPDATE`.execute(tx);
    if (rows.length !== entryIds.length) throw conflict(m.entryNotOfAccount);
    await refuseMatchedEntries(tx, entryIds);
    for (const row of rows) sum += (row.kind === 'income' ? 1n : -1n) * centsOf(row.amount);
  }
  if (transferIds.length) {
    const { rows } = await sql<{ id: number; amount: string; from_account_id: number }>`
      SELECT t.id, t.amount::text AS amount, t.from_account_id FROM account_transfers t
      WHERE t.id = ANY(${transferIds}::bigint[]) AND t.reverses_id IS NULL
        AND ${line.account_id} IN (t.from_account_id, t.to_account_id)
        AND NOT EXISTS (SELECT 1 FROM account_transfers r WHERE r.reverses_id = t.id)
      FOR SHARE`.execute(tx);
    if (rows.length !== transferIds.length) throw conflict(m.entryNotOfAccount);
    for (const row of rows)
      sum += (row.from_account_id === line.account_id ? -1n : 1n) * centsOf(row.amount);
  }
  if (sum !== centsOf(line.amount)) throw badRequest(m.matchSumDiffers);
  await sql`
    INSERT INTO statement_matches (line_id, account_id, entry_id, transfer_id, matched_by)
    SELECT ${line.id}::bigint, ${line.account_id}::integer, e, NULL::bigint, ${userId}::integer
    FROM unnest(${entryIds}::bigint[]) AS e
    UNION ALL
    SELECT ${line.id}::bigint, ${line.account_id}::integer, NULL::bigint, t, ${userId}::integer
    FROM unnest(${transferIds}::bigint[]) AS t`.execute(tx);
  await sql`UPDATE statement_lines SET status = 'matched' WHERE id = ${line.id}`.execute(tx);
  if (!audited) return;
  await audit(tx, {
    actorId: userId,
    action: 'matched',
    entity: 'statement_line',
    entityId: line.id,
    after: {
      accountId: line.account_id,
      date: line.line_date,
      amount: amountNumber(line.amount),
      entryIds,
      transferIds,
    },
  });
}

/**
 * Refuses entries matched to a line already. An entry may match several lines (one entry to the
 * lines that add up to it), so no unique index says so: the caller holds the entries' rows for
 * update, and a second clerk matching one of them waits for the first and is refused here.
 */
export async function refuseMatchedEntries(tx: Db, entryIds: readonly number[]): Promise<void> {
  const { rows } = await sql`
    SELECT 1 FROM statement_matches WHERE entry_id = ANY(${entryIds}::bigint[]) LIMIT 1`.execute(
    tx,
  );
  if (rows.length) throw conflict(m.alreadyMatched);
}

/** A unique index refusing a second match of an entry: someone else matched it first. */
export const raced = (error: unknown) => {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) return conflict(m.alreadyMatched);
  return error;
};
