// The reconciled period of each money account (issue 39): once an account is "reconciled through"
// a day, nothing is written that moves its money on or before that day (an entry, a reversal, a
// transfer, the opening balance) or changes what a statement line dated by then is matched to or
// excluded as, so the reconciliation statement of that day never changes. An admin who gives a
// reason may; the change then gets an activity line of its own naming the day and the reason.
// The one place the books' writer, the reconciliation and the accounts ask; the books' closed
// period (every account) is closed-period.ts.
import { sql } from 'kysely';
import { accountMessages as m } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { conflict } from '../lib/errors.js';

/** Money moved in an account on a day, or a statement line of the account dated that day. */
export interface Move {
  accountId: number | null | undefined;
  day: string;
}

/** Who writes: null is the server itself; `reason` an admin's reason for a reconciled period. */
export interface Override {
  userId: number | null;
  reason?: string | null;
}

export const reconciledRefusal = (through: string) => `${m.reconciledPeriod} ${through}`;

/**
 * Refuses (409, naming `refusal`'s day) unless the writer is an admin who gave a reason; answers
 * the reason then. The role is read here, so no caller can vouch for it.
 */
export async function allowReconciledChange(
  tx: Db,
  by: Override,
  refusal: string,
): Promise<string> {
  const reason = by.reason?.trim();
  if (reason && by.userId !== null) {
    const { rows } = await sql<{ role: string }>`
      SELECT role FROM users WHERE id = ${by.userId}`.execute(tx);
    if (rows[0]?.role === 'admin') return reason;
  }
  throw conflict(refusal);
}

/**
 * Locks the accounts (share: "reconciled through" cannot move until the transaction ends;
 * update: nothing else reads it locked meanwhile), in id order, and answers their
 * reconciled-through days (null: never reconciled).
 */
export async function reconciledThrough(
  tx: Db,
  accountIds: Iterable<number>,
  lock: 'share' | 'update' = 'share',
): Promise<Map<number, string | null>> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const days = new Map<number, string | null>();
  if (ids.length === 0) return days;
  const { rows } = await sql<{ id: number; reconciled_through: string | null }>`
    SELECT id, reconciled_through FROM accounts WHERE id = ANY(${ids}::integer[]) ORDER BY id
    ${lock === 'update' ? sql`FOR UPDATE` : sql`FOR SHARE`}`.execute(tx);
  for (const row of rows) days.set(Number(row.id), row.reconciled_through);
  return days;
}

/**
 * Refuses the moves that fall in an account's reconciled period (409 naming the day) unless an
 * admin gave a reason, recorded then in one activity line per account with `what` was written.
 * Holds a share lock on the accounts until the transaction ends, so "reconciled through" cannot
 * move past a day being written.
 */
export async function guardReconciled(
  tx: Db,
  moves: Iterable<Move>,
  by: Override,
  what: Record<string, unknown>,
): Promise<void> {
  const earliest = new Map<number, string>();
  for (const { accountId, day } of moves) {
    if (accountId == null) continue;
    const id = Number(accountId);
    const known = earliest.get(id);
    if (known === undefined || day < known) earliest.set(id, day);
  }
  if (earliest.size === 0) return;
  const through = await reconciledThrough(tx, earliest.keys());
  const hits = [...earliest].flatMap(([id, day]) => {
    const reconciled = through.get(id) ?? null;
    return reconciled !== null && day <= reconciled ? [{ id, day, reconciled }] : [];
  });
  if (hits.length === 0) return;
  const reason = await allowReconciledChange(tx, by, reconciledRefusal(hits[0]!.reconciled));
  for (const hit of hits)
    await audit(tx, {
      actorId: by.userId,
      action: 'update',
      entity: 'account',
      entityId: hit.id,
      before: { reconciledThrough: hit.reconciled },
      after: { reconciledPeriodChanged: { ...what, on: hit.day }, reason },
    });
}
