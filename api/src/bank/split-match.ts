// One entry matched to several statement lines that add up to it (issue 42): a payment the bank
// booked in parts, or a deposit it split. The lines are locked in the order of their ids (two
// clerks take turns), each must be unmatched and of the entry's direction, the reconciled period
// is guarded as for any match, and the entry is held for update and refused if matched already.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  lineSplitMessages as sm,
  type EntryKind,
  type MatchLinesBody,
  type StatementLine,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict } from '../lib/errors.js';
import { guardReconciled } from '../books/index.js';
import { lockLine, raced, refuseMatchedEntries, type LockedLine } from './match-write.js';
import { lineOut } from './matching.js';
import { accountOf } from './reconcile.js';

export async function matchLines(
  db: Db,
  userId: number,
  accountId: number,
  body: MatchLinesBody,
): Promise<StatementLine[]> {
  await accountOf(db, accountId);
  const lineIds = [...body.lineIds].sort((a, b) => a - b);
  try {
    await db.transaction().execute(async (tx) => {
      const lines: LockedLine[] = [];
      for (const lineId of lineIds) lines.push(await lockLine(tx, accountId, lineId));
      if (lines.some((line) => line.status !== 'unmatched')) throw conflict(sm.linesNotUnmatched);
      await guardReconciled(
        tx,
        lines.map((line) => ({ accountId, day: line.line_date })),
        { userId, reason: body.reason },
        { lines: lineIds, matched: { entryIds: [body.entryId] } },
      );
      const { rows } = await sql<{ kind: EntryKind; amount: string }>`
        SELECT e.kind, e.amount::text AS amount FROM entries e
        WHERE e.id = ${body.entryId} AND e.account_id = ${accountId}
          AND e.credit_debit = 'Credit' AND e.reverses_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)
        FOR UPDATE`.execute(tx);
      const entry = rows[0];
      if (!entry) throw conflict(m.entryNotOfAccount);
      await refuseMatchedEntries(tx, [body.entryId]);
      const moneyIn = entry.kind === 'income';
      if (lines.some((line) => centsOf(line.amount) > 0n !== moneyIn))
        throw badRequest(sm.linesDirection);
      const sum = lines.reduce((total, line) => total + centsOf(line.amount), 0n);
      if (sum !== (moneyIn ? 1n : -1n) * centsOf(entry.amount))
        throw badRequest(sm.linesSumDiffers);
      await sql`
        INSERT INTO statement_matches (line_id, account_id, entry_id, matched_by)
        SELECT l, ${accountId}::integer, ${body.entryId}::bigint, ${userId}::integer
        FROM unnest(${lineIds}::bigint[]) AS l`.execute(tx);
      await sql`UPDATE statement_lines SET status = 'matched'
                WHERE id = ANY(${lineIds}::bigint[])`.execute(tx);
      for (const line of lines)
        await audit(tx, {
          actorId: userId,
          action: 'matched',
          entity: 'statement_line',
          entityId: line.id,
          after: {
            accountId,
            date: line.line_date,
            amount: amountNumber(line.amount),
            entryIds: [body.entryId],
            transferIds: [],
            withLines: lineIds.filter((id) => id !== line.id),
          },
        });
    });
  } catch (error) {
    throw raced(error);
  }
  const out: StatementLine[] = [];
  for (const lineId of body.lineIds) out.push(await lineOut(db, accountId, lineId));
  return out;
}
