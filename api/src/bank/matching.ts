// Matching by hand (issue 33): a line matched to entries and transfers, a match undone with a
// reason, a line excluded with a reason and put back with one (issue 42), and the entry a line
// shows recorded through the books writer and matched in one step.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  centsText,
  type Entry,
  type EntryKind,
  type MatchBody,
  type StatementLine,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit, type AuditAction } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { guardReconciled, recordEntry } from '../books/index.js';
import { lockLine, raced, writeMatch, type LockedLine } from './match-write.js';
import { accountOf, worklist } from './reconcile.js';

/** One line, read as the worklist reads it. */
export async function lineOut(db: Db, accountId: number, lineId: number): Promise<StatementLine> {
  const { lines } = await worklist(db, accountId, { status: 'all', limit: 1 }, lineId);
  return lines[0]!;
}

export async function matchLine(
  db: Db,
  userId: number,
  accountId: number,
  body: MatchBody,
): Promise<StatementLine> {
  await accountOf(db, accountId);
  try {
    await db.transaction().execute(async (tx) => {
      const line = await lockLine(tx, accountId, body.lineId);
      await writeMatch(tx, userId, line, body.entryIds, body.transferIds ?? [], true, body.reason);
    });
  } catch (error) {
    throw raced(error);
  }
  return lineOut(db, accountId, body.lineId);
}

/**
 * Undoes a line's match with a reason. The account is locked for update first, as "reconciled
 * through" locks it: an unmatch and a "reconciled through" at once take turns, and the second
 * sees the first (a reconciled line's match is undone by an admin only, that reason given).
 */
export async function unmatchLine(
  db: Db,
  userId: number,
  accountId: number,
  lineId: number,
  reason: string,
): Promise<StatementLine> {
  await accountOf(db, accountId);
  await db.transaction().execute(async (tx) => {
    const line = await lockLine(tx, accountId, lineId, 'update');
    if (line.status !== 'matched') throw conflict(m.lineNotMatched);
    // One entry matched to several lines: their matches go together (the entry would no longer
    // add up to the lines left).
    const { rows: siblings } = await sql<{ line_id: string | number }>`
      SELECT DISTINCT o.line_id FROM statement_matches sm
      JOIN statement_matches o ON o.entry_id = sm.entry_id AND o.line_id <> sm.line_id
      WHERE sm.line_id = ${lineId} ORDER BY o.line_id`.execute(tx);
    const lines = [line];
    for (const { line_id } of siblings)
      lines.push(await lockLine(tx, accountId, Number(line_id), 'update'));
    await guardReconciled(
      tx,
      lines.map((one) => ({ accountId, day: one.line_date })),
      { userId, reason },
      { line: lineId, unmatched: true },
    );
    for (const one of lines) {
      const reconciled = one.reconciled_through !== null && one.line_date <= one.reconciled_through;
      const { rows } = await sql<{ entry_id: number | null; transfer_id: number | null }>`
        DELETE FROM statement_matches WHERE line_id = ${one.id}
        RETURNING entry_id, transfer_id`.execute(tx);
      await sql`UPDATE statement_lines SET status = 'unmatched' WHERE id = ${one.id}`.execute(tx);
      await audit(tx, {
        actorId: userId,
        action: 'unmatched',
        entity: 'statement_line',
        entityId: one.id,
        before: {
          entryIds: rows.flatMap((row) => (row.entry_id === null ? [] : [Number(row.entry_id)])),
          transferIds: rows.flatMap((row) =>
            row.transfer_id === null ? [] : [Number(row.transfer_id)],
          ),
          reconciled,
        },
        after: { reason: reason.trim() },
      });
    }
  });
  return lineOut(db, accountId, lineId);
}

/** Excludes an unmatched line with a reason. */
export const excludeLine = exclusionChange({
  from: 'unmatched',
  refused: m.lineNotUnmatched,
  mark: { excluded: true },
  action: 'excluded',
  write: async (tx, { userId, lineId, given }) => {
    await sql`UPDATE statement_lines SET status = 'excluded', excluded_reason = ${given},
              excluded_by = ${userId} WHERE id = ${lineId}`.execute(tx);
    return { after: {} };
  },
});

/**
 * Puts an excluded line back to unmatched, with a reason (issue 42): the exclusion's reason and
 * who gave it go, and the activity keeps both. A line dated in the reconciled period is the
 * reconciled-period guard's (an admin's, with the reason).
 */
export const undoExclude = exclusionChange({
  from: 'excluded',
  refused: m.lineNotExcluded,
  mark: { exclusionUndone: true },
  action: 'exclusion_undone',
  write: async (tx, { lineId }) => {
    const { rows } = await sql<{ excluded_reason: string | null }>`
      SELECT excluded_reason FROM statement_lines WHERE id = ${lineId}`.execute(tx);
    await sql`UPDATE statement_lines SET status = 'unmatched', excluded_reason = NULL,
              excluded_by = NULL WHERE id = ${lineId}`.execute(tx);
    return {
      before: { status: 'excluded', reason: rows[0]?.excluded_reason ?? null },
      after: { status: 'unmatched' },
    };
  },
});

/**
 * A change to a line's exclusion (made or undone), in one transaction: the line locked, its
 * status checked, the reconciled period guarded (an exclusion changes the reconciliation
 * statement of the line's day), the line written by `write`, and the activity row with the line's
 * account, day and amount and the reason given.
 */
function exclusionChange(change: {
  /** The status the line must have. */
  from: StatementLine['status'];
  /** The refusal when it has another. */
  refused: string;
  /** What the reconciled-period guard's activity row says was done to the line. */
  mark: Record<string, true>;
  action: AuditAction;
  /** Writes the line (given: the reason, trimmed); its activity row's before and after. */
  write: (
    tx: Db,
    line: { userId: number; lineId: number; given: string },
  ) => Promise<{ before?: object; after: object }>;
}) {
  return async (
    db: Db,
    userId: number,
    accountId: number,
    lineId: number,
    reason: string,
  ): Promise<StatementLine> => {
    await accountOf(db, accountId);
    await db.transaction().execute(async (tx) => {
      const line = await lockLine(tx, accountId, lineId);
      if (line.status !== change.from) throw conflict(change.refused);
      await guardReconciled(
        tx,
        [{ accountId, day: line.line_date }],
        { userId, reason },
        { line: lineId, ...change.mark },
      );
      const given = reason.trim();
      const { before, after } = await change.write(tx, { userId, lineId, given });
      await audit(tx, {
        actorId: userId,
        action: change.action,
        entity: 'statement_line',
        entityId: lineId,
        before,
        after: {
          accountId,
          date: line.line_date,
          amount: amountNumber(line.amount),
          ...after,
          reason: given,
        },
      });
    });
    return lineOut(db, accountId, lineId);
  };
}

/**
 * Records the entry a line shows (its amount, day and account; money in is income, out an
 * expense or salary) through the books writer, and matches it, in one transaction. A line in the
 * closed period is refused there (it can still be matched to an existing entry).
 */
export async function entryFromLine(
  db: Db,
  userId: number,
  accountId: number,
  lineId: number,
  body: { kind: EntryKind; partyId: number; description?: string; reason?: string },
  today: string,
): Promise<Entry> {
  await accountOf(db, accountId);
  const { rows } = await sql<Omit<LockedLine, 'reconciled_through'>>`
    SELECT id, account_id, line_date, amount::text AS amount, description, reference, status
    FROM statement_lines WHERE id = ${lineId} AND account_id = ${accountId}`.execute(db);
  const line = rows[0];
  if (!line) throw notFound(m.lineNotFound);
  if (line.status !== 'unmatched') throw conflict(m.lineNotUnmatched);
  const cents = centsOf(line.amount);
  if ((body.kind === 'income') !== cents > 0n) throw badRequest(m.entryKindFromSign);
  try {
    const { entry } = await recordEntry(
      db,
      userId,
      {
        kind: body.kind,
        partyId: body.partyId,
        amount: Number(centsText(cents < 0n ? -cents : cents)),
        creditDebit: 'Credit',
        description: (body.description ?? line.description).trim().slice(0, 500),
        date: line.line_date,
        accountId,
        reason: body.reason,
      },
      today,
      async (tx, recorded) => {
        // The entry's one activity row tells of the match too.
        await writeMatch(
          tx,
          userId,
          await lockLine(tx, accountId, lineId),
          [recorded.id],
          [],
          false,
          body.reason,
        );
        return { statementLineId: lineId, matched: true };
      },
    );
    return entry;
  } catch (error) {
    throw raced(error);
  }
}
