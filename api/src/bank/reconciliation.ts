// The bank reconciliation statement of an account for a day (issue 33): the bank's balance, the
// deposits and payments recorded in the books but not yet on the statement, the statement's lines
// not recorded in the books, and the book balance, which must agree with the bank's adjusted by
// those two lists.
import { sql } from 'kysely';
import { centsOf, fromCents, type Account } from 'contract';
import type { Db } from '../db/index.js';
import { balanceAt, getAccount } from './accounts.js';

/** Rows listed per section (the sums are over every row). */
export const RECONCILIATION_MAX_ROWS = 5000;

export interface ReconciliationItem {
  date: string;
  name: string;
  description: string;
  /** Into the account (+) or out of it (-). */
  amount: number;
}

export interface Reconciliation {
  account: Account;
  date: string;
  bankBalance: number;
  /** Recorded, not on the statement by the day: deposits in transit (+), payments outstanding (-). */
  outstanding: ReconciliationItem[];
  outstandingTotal: number;
  /** On the statement by the day, not recorded (unmatched or excluded lines). */
  unrecorded: ReconciliationItem[];
  unrecordedTotal: number;
  /** bank + outstanding - unrecorded. */
  adjustedBank: number;
  bookBalance: number;
  /** book - adjusted bank: zero when they agree. */
  difference: number;
}

const n = (cents: bigint) => fromCents(cents) as number;

export async function reconciliation(
  db: Db,
  accountId: number,
  date: string,
): Promise<Reconciliation> {
  const account = await getAccount(db, accountId, date);
  const { rows: bankRows } = await sql<{ computed: string; given: string | null }>`
    SELECT (a.opening_balance + coalesce((SELECT sum(l.amount) FROM statement_lines l
              WHERE l.account_id = a.id AND l.line_date <= ${date}::date), 0))::text AS computed,
           (SELECT l.bank_balance::text FROM statement_lines l
            WHERE l.account_id = a.id AND l.line_date <= ${date}::date
            ORDER BY l.line_date DESC, l.import_id DESC, l.position DESC LIMIT 1) AS given
    FROM accounts a WHERE a.id = ${accountId}`.execute(db);
  const bank = centsOf(bankRows[0]?.given ?? bankRows[0]?.computed ?? '0');
  const { rows: bookRows } = await sql<{ balance: string }>`
    SELECT ${balanceAt(sql`${accountId}::integer`, date)}::text AS balance`.execute(db);
  const book = centsOf(bookRows[0]?.balance ?? '0');

  // Movements of the books by the day not matched to a line dated by the day.
  const onStatement = (match: ReturnType<typeof sql>) => sql`EXISTS (
    SELECT 1 FROM statement_matches sm JOIN statement_lines l ON l.id = sm.line_id
    WHERE ${match} AND l.line_date <= ${date}::date)`;
  const { rows: outstanding } = await sql<{
    date: string;
    name: string;
    description: string;
    amount: string;
    total: string;
  }>`
    WITH moves AS (
      SELECT e.entry_date AS date, e.party_name AS name, e.description,
             CASE WHEN e.kind = 'income' THEN e.amount ELSE -e.amount END AS amount, e.id, 0 AS source
      FROM entries e
      WHERE e.account_id = ${accountId} AND e.credit_debit = 'Credit' AND e.entry_date <= ${date}::date
        AND NOT ${onStatement(sql`sm.entry_id = e.id`)}
      UNION ALL
      SELECT t.transfer_date, CASE WHEN t.from_account_id = ${accountId} THEN 'To ' ELSE 'From ' END || a.name,
             t.description,
             CASE WHEN t.from_account_id = ${accountId} THEN -t.amount ELSE t.amount END, t.id, 1
      FROM account_transfers t
      JOIN accounts a ON a.id = CASE WHEN t.from_account_id = ${accountId} THEN t.to_account_id ELSE t.from_account_id END
      WHERE ${accountId} IN (t.from_account_id, t.to_account_id) AND t.transfer_date <= ${date}::date
        AND NOT ${onStatement(sql`sm.transfer_id = t.id AND sm.account_id = ${accountId}`)}
      UNION ALL
      SELECT v.line_date, 'Voucher', d.description, sum(v.amount), v.voucher_id, 2
      FROM money_voucher_moves v JOIN vouchers d ON d.id = v.voucher_id
      WHERE v.account_id = ${accountId} AND v.line_date <= ${date}::date
        AND NOT ${onStatement(sql`sm.voucher_id = v.voucher_id AND sm.account_id = ${accountId}`)}
      GROUP BY v.line_date, v.voucher_id, d.description
    )
    SELECT date, name, description, amount::text AS amount, (sum(amount) OVER ())::text AS total
    FROM moves ORDER BY date, source, id LIMIT ${RECONCILIATION_MAX_ROWS}`.execute(db);
  const { rows: unrecorded } = await sql<{
    date: string;
    description: string;
    status: string;
    amount: string;
    total: string;
  }>`
    SELECT l.line_date AS date, l.description, l.status, l.amount::text AS amount,
           (sum(l.amount) OVER ())::text AS total
    FROM statement_lines l
    WHERE l.account_id = ${accountId} AND l.line_date <= ${date}::date AND l.status <> 'matched'
    ORDER BY l.line_date, l.id LIMIT ${RECONCILIATION_MAX_ROWS}`.execute(db);
  const outstandingTotal = centsOf(outstanding[0]?.total ?? '0');
  const unrecordedTotal = centsOf(unrecorded[0]?.total ?? '0');
  const adjusted = bank + outstandingTotal - unrecordedTotal;
  return {
    account,
    date,
    bankBalance: n(bank),
    outstanding: outstanding.map((row) => ({
      date: row.date,
      name: row.name,
      description: row.description,
      amount: n(centsOf(row.amount)),
    })),
    outstandingTotal: n(outstandingTotal),
    unrecorded: unrecorded.map((row) => ({
      date: row.date,
      name: row.status === 'excluded' ? 'Excluded' : 'Not recorded',
      description: row.description,
      amount: n(centsOf(row.amount)),
    })),
    unrecordedTotal: n(unrecordedTotal),
    adjustedBank: n(adjusted),
    bookBalance: n(book),
    difference: n(book - adjusted),
  };
}
