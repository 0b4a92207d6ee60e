// The closed period (docs/decisions/008-reversals-and-closed-periods.md): the one place that
// reads and moves "books closed through" and compares a day against it. Every feature that writes or
// removes something dated asks here; each case keeps its own refusal text from the catalogue.
import { sql } from 'kysely';
import { apiMessages, importMessages, monthEndMessages } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { addDays, isRealDay, monthOf } from '../lib/dates.js';
import { badRequest, conflict } from '../lib/errors.js';

/** The "books closed through" day, or null. `lock`: held until the transaction ends. */
export async function closedThrough(db: Db, options: { lock?: boolean } = {}) {
  const { rows } = await sql<{ closed_through: string | null }>`
    SELECT closed_through FROM books ${options.lock ? sql`FOR SHARE` : sql``}`.execute(db);
  return rows[0]?.closed_through ?? null;
}

/** True when the day (YYYY-MM-DD) falls in the period closed through `closed`. */
export const inClosedPeriod = (day: string, closed: string | null): boolean =>
  closed !== null && day <= closed;

/** The refusal each kind of write gets for a day in the closed period, followed by the day. */
const REFUSALS = {
  /** An entry, its reversal, a payroll run. */
  entry: (closed: string) => `${apiMessages.periodClosed} ${closed}`,
  batch: (closed: string) => `${apiMessages.batchInClosedPeriod} ${closed}`,
  occurrence: (closed: string) => `${apiMessages.occurrenceClosed} ${closed}`,
  receiptRemoval: (closed: string) => `${apiMessages.receiptRemoveClosed} ${closed}`,
  import: importMessages.closedDate,
} as const;

export type ClosedPeriodCase = keyof typeof REFUSALS;

/**
 * Locks the closing day (a share lock on the books row: it cannot move until the transaction
 * ends) and answers it with `refuse`, which throws the case's 409 for a day in the closed period.
 */
export async function closedPeriodGuard(tx: Db) {
  const closed = await closedThrough(tx, { lock: true });
  return {
    closed,
    refuse(day: string | null, refusal: ClosedPeriodCase): void {
      if (day !== null && inClosedPeriod(day, closed)) throw conflict(REFUSALS[refusal](closed!));
    },
  };
}

/** Refuses (409) when any of the days falls in the closed period; answers the closing day. */
export async function refuseClosedPeriod(
  tx: Db,
  days: Iterable<string | null>,
  refusal: ClosedPeriodCase,
): Promise<string | null> {
  const guard = await closedPeriodGuard(tx);
  for (const day of days) guard.refuse(day, refusal);
  return guard.closed;
}

/** Moves the closing day (admins); null opens every period. Recorded in the activity. */
export async function moveClosedThrough(
  db: Db,
  userId: number,
  day: string | null,
  today: string,
  /**
   * Runs in the move's transaction, with the row locked, before it moves: may refuse (throw) and
   * answers what the activity line records beside the new day (the month-end close's open counts).
   */
  check?: (tx: Db, before: string | null) => Promise<Record<string, unknown>>,
): Promise<string | null> {
  if (day !== null && !isRealDay(day)) throw badRequest(apiMessages.closedThroughInvalid);
  if (day !== null && day > today) throw badRequest(apiMessages.closedThroughInFuture);
  return db.transaction().execute(async (tx) => {
    // FOR UPDATE waits for entries being recorded (they hold a share lock on the row).
    const { rows } = await sql<{ closed_through: string | null }>`
      SELECT closed_through FROM books FOR UPDATE`.execute(tx);
    const before = rows[0]?.closed_through ?? null;
    const details = (await check?.(tx, before)) ?? {};
    await sql`UPDATE books SET closed_through = ${day}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'update',
      entity: 'books',
      entityId: 'closed_through',
      before: { closedThrough: before },
      after: { closedThrough: day, ...details },
    });
    return day;
  });
}

/**
 * Why a month cannot be closed now (books closed through its last day), or null: it is not over,
 * it is closed already, or an earlier month is still open.
 */
export function monthCloseRefusal(
  month: string,
  closed: string | null,
  today: string,
): string | null {
  const { from, to } = monthOf(`${month}-01`);
  if (to >= today) return monthEndMessages.monthNotOver;
  if (closed !== null && closed >= to) return `${monthEndMessages.monthAlreadyClosed} ${closed}`;
  if (closed !== null && closed < addDays(from, -1))
    return `${monthEndMessages.earlierMonthOpen} ${closed}`;
  return null;
}
