// Transfers between money accounts in the reconciliation worklist (issue 42): a statement line
// of the bank for an ATM withdrawal or a cash deposit is the transfer made for it. A transfer of
// the account (from or to it), not reversed nor a reversal, matched to no line of this account,
// of the line's signed amount (out of the account: money out) and within the suggestion days is
// suggested for the line, scored as an entry is; the worklist lists the open transfers too.
import { sql } from 'kysely';
import { centsText, type Suggestion, type WorklistTransfer, amountNumber } from 'contract';
import type { Db } from '../db/index.js';
import { dayNumber, isStrong, scoreOf, similarity } from './suggestion-score.js';

/** A line whose suggestions are sought: its id, day, signed amount in cents and text. */
export interface OpenLine {
  id: number;
  date: string;
  cents: bigint;
  text: string;
}

/** Transfers looked at per line, nearest first. */
const PER_LINE = 10;

/** The account's open transfers: not reversed nor a reversal, matched to no line of it. */
export const openTransfer = (accountId: number) => sql`t.reverses_id IS NULL
  AND ${accountId} IN (t.from_account_id, t.to_account_id)
  AND NOT EXISTS (SELECT 1 FROM account_transfers r WHERE r.reverses_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM statement_matches sm
                  WHERE sm.transfer_id = t.id AND sm.account_id = ${accountId})`;

/** The signed amount of a transfer as the account sees it: out of it negative. */
export const seen = (accountId: number) => sql`
  CASE WHEN t.from_account_id = ${accountId} THEN -t.amount ELSE t.amount END`;

interface TransferRow {
  line_id?: string | number;
  id: string | number;
  transfer_date: string;
  other_id: number;
  other_name: string;
  description: string;
  amount: string;
}

/** For each line, the open transfers of its signed amount within `days`, best first. */
export async function transferSuggestionsFor(
  db: Db,
  accountId: number,
  lines: readonly OpenLine[],
  days: number,
): Promise<Map<number, Suggestion[]>> {
  const found = new Map<number, Suggestion[]>();
  if (lines.length === 0) return found;
  const near = sql`t.transfer_date BETWEEN l.day - ${days}::int AND l.day + ${days}::int`;
  const { rows } = await sql<TransferRow>`
    SELECT l.id AS line_id, t.id, t.transfer_date, t.other_id, t.other_name, t.description,
           t.amount::text AS amount
    FROM unnest(${lines.map((l) => l.id)}::bigint[], ${lines.map((l) => l.date)}::date[],
                ${lines.map((l) => centsText(l.cents))}::numeric[]) AS l(id, day, amount)
    CROSS JOIN LATERAL (
      SELECT t.id, t.transfer_date, o.id AS other_id, o.name AS other_name, t.description,
             ${seen(accountId)} AS amount
      FROM (
        -- Money out of the account, or into it: each side by its own index (migration 026).
        SELECT * FROM account_transfers t
        WHERE l.amount < 0 AND t.from_account_id = ${accountId} AND ${near} AND t.amount = -l.amount
        UNION ALL
        SELECT * FROM account_transfers t
        WHERE l.amount > 0 AND t.to_account_id = ${accountId} AND ${near} AND t.amount = l.amount
      ) t
      JOIN accounts o ON o.id = CASE WHEN t.from_account_id = ${accountId}
                                     THEN t.to_account_id ELSE t.from_account_id END
      WHERE ${openTransfer(accountId)}
      ORDER BY abs(t.transfer_date - l.day), t.id
      LIMIT ${PER_LINE}
    ) t`.execute(db);
  const byLine = new Map(lines.map((line) => [line.id, line]));
  for (const row of rows) {
    const line = byLine.get(Number(row.line_id))!;
    const distance = Math.abs(dayNumber(row.transfer_date) - dayNumber(line.date));
    const alike = similarity(line.text, row.other_name, row.description);
    const list = found.get(line.id) ?? [];
    list.push({
      entryIds: [],
      transferIds: [Number(row.id)],
      score: scoreOf(distance, days, alike),
      strong: isStrong(distance, alike),
    });
    found.set(line.id, list);
  }
  return found;
}

/** The account's open transfers dated from `from` to `to`, oldest first. */
export async function openTransfers(
  db: Db,
  accountId: number,
  from: string,
  to: string,
): Promise<WorklistTransfer[]> {
  const { rows } = await sql<TransferRow>`
    SELECT t.id, t.transfer_date, o.id AS other_id, o.name AS other_name, t.description,
           (${seen(accountId)})::text AS amount
    FROM account_transfers t
    JOIN accounts o ON o.id = CASE WHEN t.from_account_id = ${accountId}
                                   THEN t.to_account_id ELSE t.from_account_id END
    WHERE ${openTransfer(accountId)}
      AND t.transfer_date BETWEEN ${from}::date AND ${to}::date
    ORDER BY t.transfer_date, t.id
    LIMIT 1000`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    date: row.transfer_date,
    accountId: Number(row.other_id),
    accountName: row.other_name,
    description: row.description,
    amount: amountNumber(row.amount),
  }));
}
