// An account's register (issue 33): every money movement (its payments and receipts, transfers
// in and out) newest first with the running balance, paged by position like the journal
// (docs/decisions/018-paging.md). Each page reads three index ranges (entries_account_idx and the
// two transfer indexes of migration 026) up to the page's size and merges them; the running
// balance comes from the cursor, so no page sums the history. The first page starts from the
// balance of the per-day roll-up (migration 027).
import { sql } from 'kysely';
import { centsOf, fromCents, type RegisterPage, type RegisterRow } from 'contract';
import type { Db } from '../db/index.js';
import { parseRegisterCursor, registerCursor } from '../lib/page-cursor.js';
import { balanceAt, getAccount } from './accounts.js';

interface MovementRow {
  date: string;
  source: number;
  id: string | number;
  kind: RegisterRow['kind'];
  name: string;
  description: string;
  amount: string;
  matched: boolean;
  reconciled: boolean;
}

export async function registerPage(
  db: Db,
  accountId: number,
  limit: number,
  after: string | undefined,
  today: string,
): Promise<RegisterPage> {
  const cursor = parseRegisterCursor(after);
  const account = await getAccount(db, accountId, today);
  let running: bigint;
  if (cursor) running = cursor.balance;
  else {
    const { rows } = await sql<{ balance: string }>`
      SELECT ${balanceAt(sql`${accountId}::integer`, '9999-12-31')}::text AS balance`.execute(db);
    running = centsOf(rows[0]?.balance ?? '0');
  }
  // Newest first: on one day transfers (source 1) come before entries (source 0).
  const entryBound = cursor
    ? cursor.source === 0
      ? sql`AND (e.entry_date, e.id) < (${cursor.date}::date, ${cursor.id}::bigint)`
      : sql`AND e.entry_date <= ${cursor.date}::date`
    : sql``;
  const transferBound = (alias: string) =>
    cursor
      ? cursor.source === 1
        ? sql`AND (${sql.ref(`${alias}.transfer_date`)}, ${sql.ref(`${alias}.id`)}) < (${cursor.date}::date, ${cursor.id}::bigint)`
        : sql`AND ${sql.ref(`${alias}.transfer_date`)} < ${cursor.date}::date`
      : sql``;
  const { rows } = await sql<MovementRow>`
    WITH acct AS (SELECT reconciled_through FROM accounts WHERE id = ${accountId}),
    moves AS (
      (SELECT e.entry_date AS date, 0 AS source, e.id, e.kind, e.party_name AS name, e.description,
              CASE WHEN e.kind = 'income' THEN e.amount ELSE -e.amount END AS amount
       FROM entries e
       WHERE e.account_id = ${accountId} AND e.credit_debit = 'Credit' ${entryBound}
       ORDER BY e.entry_date DESC, e.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT t.transfer_date, 1, t.id, NULL, 'To ' || a.name, t.description, -t.amount
       FROM account_transfers t JOIN accounts a ON a.id = t.to_account_id
       WHERE t.from_account_id = ${accountId} ${transferBound('t')}
       ORDER BY t.transfer_date DESC, t.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT f.transfer_date, 1, f.id, NULL, 'From ' || a.name, f.description, f.amount
       FROM account_transfers f JOIN accounts a ON a.id = f.from_account_id
       WHERE f.to_account_id = ${accountId} ${transferBound('f')}
       ORDER BY f.transfer_date DESC, f.id DESC LIMIT ${limit + 1})
    ),
    page AS (SELECT * FROM moves ORDER BY date DESC, source DESC, id DESC LIMIT ${limit + 1})
    SELECT p.date, p.source, p.id, p.kind, p.name, p.description, p.amount::text AS amount,
           l.id IS NOT NULL AS matched,
           coalesce(l.line_date <= (SELECT reconciled_through FROM acct), false) AS reconciled
    FROM page p
    LEFT JOIN LATERAL (
      (SELECT sm.line_id FROM statement_matches sm WHERE p.source = 0 AND sm.entry_id = p.id)
      UNION ALL
      (SELECT sm.line_id FROM statement_matches sm
       WHERE p.source = 1 AND sm.transfer_id = p.id AND sm.account_id = ${accountId})
      LIMIT 1
    ) sm ON true
    LEFT JOIN statement_lines l ON l.id = sm.line_id
    ORDER BY p.date DESC, p.source DESC, p.id DESC`.execute(db);

  const shown = rows.slice(0, limit);
  const out: RegisterRow[] = [];
  for (const row of shown) {
    const cents = centsOf(row.amount);
    out.push({
      source: row.source === 1 ? 'transfer' : 'entry',
      id: Number(row.id),
      date: row.date,
      kind: row.kind,
      name: row.name,
      description: row.description,
      amount: fromCents(cents) as number,
      balance: fromCents(running) as number,
      reconciled: row.reconciled,
      matched: row.matched,
    });
    running -= cents;
  }
  const last = shown[shown.length - 1];
  return {
    account,
    balance: account.balance,
    rows: out,
    next:
      rows.length > limit && last
        ? registerCursor({
            date: last.date,
            source: last.source === 1 ? 1 : 0,
            id: Number(last.id),
            balance: running,
          })
        : null,
  };
}
