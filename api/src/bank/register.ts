// An account's register (issue 33): every money movement (its payments and receipts, transfers
// in and out, vouchers' lines: migration 038) newest first with the running balance, paged by position like the journal
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
  // Newest first: on one day vouchers (source 2), then transfers (1), then entries (0). An arm
  // of source s goes on after the cursor's row: by id on the cursor's day when s is the cursor's
  // source, from that day when s comes after it, from the day before when s comes before it.
  const bound = (day: string, id: string, source: 0 | 1 | 2) =>
    !cursor
      ? sql``
      : source === cursor.source
        ? sql`AND (${sql.ref(day)}, ${sql.ref(id)}) < (${cursor.date}::date, ${cursor.id}::bigint)`
        : source < cursor.source
          ? sql`AND ${sql.ref(day)} <= ${cursor.date}::date`
          : sql`AND ${sql.ref(day)} < ${cursor.date}::date`;
  const { rows } = await sql<MovementRow>`
    WITH acct AS (SELECT reconciled_through FROM accounts WHERE id = ${accountId}),
    moves AS (
      (SELECT e.entry_date AS date, 0 AS source, e.id, e.kind, e.party_name AS name, e.description,
              CASE WHEN e.kind = 'income' THEN e.amount ELSE -e.amount END AS amount
       FROM entries e
       WHERE e.account_id = ${accountId} AND e.credit_debit = 'Credit'
         ${bound('e.entry_date', 'e.id', 0)}
       ORDER BY e.entry_date DESC, e.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT t.transfer_date, 1, t.id, NULL, 'To ' || a.name, t.description, -t.amount
       FROM account_transfers t JOIN accounts a ON a.id = t.to_account_id
       WHERE t.from_account_id = ${accountId} ${bound('t.transfer_date', 't.id', 1)}
       ORDER BY t.transfer_date DESC, t.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT f.transfer_date, 1, f.id, NULL, 'From ' || a.name, f.description, f.amount
       FROM account_transfers f JOIN accounts a ON a.id = f.from_account_id
       WHERE f.to_account_id = ${accountId} ${bound('f.transfer_date', 'f.id', 1)}
       ORDER BY f.transfer_date DESC, f.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT v.line_date, 2, v.voucher_id, NULL,
              coalesce((SELECT string_agg(o.name, ', ' ORDER BY ol.id) FROM ledger_lines ol
               JOIN ledger_accounts o ON o.id = ol.account_id
               WHERE ol.source = 'voucher' AND ol.source_id = v.voucher_id
                 AND o.money_account_id IS DISTINCT FROM ${accountId}), 'Voucher'),
              (SELECT d.description FROM vouchers d WHERE d.id = v.voucher_id), v.amount
       FROM (SELECT line_date, voucher_id, sum(amount) AS amount FROM money_voucher_moves
             WHERE account_id = ${accountId} GROUP BY line_date, voucher_id) v
       WHERE true ${bound('v.line_date', 'v.voucher_id', 2)}
       ORDER BY v.line_date DESC, v.voucher_id DESC LIMIT ${limit + 1})
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
      UNION ALL
      (SELECT sm.line_id FROM statement_matches sm
       WHERE p.source = 2 AND sm.voucher_id = p.id AND sm.account_id = ${accountId})
      LIMIT 1
    ) sm ON true
    LEFT JOIN statement_lines l ON l.id = sm.line_id
    ORDER BY p.date DESC, p.source DESC, p.id DESC`.execute(db);

  const shown = rows.slice(0, limit);
  const out: RegisterRow[] = [];
  for (const row of shown) {
    const cents = centsOf(row.amount);
    out.push({
      source: row.source === 2 ? 'voucher' : row.source === 1 ? 'transfer' : 'entry',
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
            source: Number(last.source) as 0 | 1 | 2,
            id: Number(last.id),
            balance: running,
          })
        : null,
  };
}
