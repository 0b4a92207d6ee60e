// Receivables aging (issue 34, docs/decisions/021-receivables-aging.md): what each client owes on
// a day, split by the age of the invoices payments have not covered. Payments cover invoices
// oldest first, so what is still owed is the newest invoices that add up to the balance: the
// monthly roll-up finds the month where they start, and only the entries from that month on are
// read.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { BEGINNING, monthStart } from '../lib/dates.js';
import { jsonOf, type JsonText } from './reports.js';

/** The aging of every client with a balance on `day`, or of one client (the ledger statement). */
export function receivables(db: Db, day: string, clientId?: number): Promise<JsonText> {
  const first = monthStart(day);
  const onlyClient = clientId === undefined ? sql`` : sql`AND party_id = ${clientId}`;
  return jsonOf(
    db,
    sql`
    -- Each client's invoices and payments per month up to the day, net of reversals (a
    -- reversal sits on its entry's day): whole months from the roll-up, the day's month from the
    -- entries. One read serves both the balance and the search for the oldest open invoice.
    WITH per_month AS (
      SELECT party_id, month,
             coalesce(sum(total) FILTER (WHERE credit_debit = 'Debit'), 0) AS debit,
             coalesce(sum(total) FILTER (WHERE credit_debit = 'Credit'), 0) AS credit
      FROM (
        SELECT party_id, month, credit_debit, total FROM entry_monthly_current
        WHERE kind = 'income' AND month < ${first}::date ${onlyClient}
        UNION ALL
        SELECT party_id, ${first}::date, credit_debit, amount FROM entries
        WHERE kind = 'income' AND entry_date BETWEEN ${first}::date AND ${day}::date ${onlyClient}
      ) AS m
      GROUP BY party_id, month
    ),
    reached AS (
      SELECT party_id, month,
             sum(debit) OVER (PARTITION BY party_id ORDER BY month DESC) AS reached,
             sum(debit - credit) OVER (PARTITION BY party_id) AS balance
      FROM per_month
    ),
    owing AS (
      SELECT DISTINCT party_id, balance FROM reached WHERE balance <> 0
    ),
    -- The newest month from which the invoices, newest first, reach the balance.
    starts AS (
      SELECT party_id, balance,
             coalesce(max(month) FILTER (WHERE reached >= balance), ${BEGINNING}::date) AS since
      FROM reached
      WHERE balance > 0
      GROUP BY party_id, balance
    ),
    -- Per client through the index of income Debits by party and date (migration 025), which
    -- holds every column read here: only the months needed are read, and no table page.
    invoices AS (
      SELECT s.party_id, i.day, i.id, i.amount
      FROM starts s
      CROSS JOIN LATERAL (
        SELECT min(e.entry_date) AS day, min(coalesce(e.reverses_id, e.id)) AS id,
               sum(e.amount) AS amount
        FROM entries e
        WHERE e.kind = 'income' AND e.party_id = s.party_id AND e.credit_debit = 'Debit'
          AND e.entry_date BETWEEN s.since AND ${day}::date
        GROUP BY coalesce(e.reverses_id, e.id)
        HAVING sum(e.amount) > 0
      ) AS i
    ),
    open_parts AS (
      SELECT i.party_id, i.day,
             least(i.amount, greatest(0, s.balance - (
               sum(i.amount) OVER (PARTITION BY i.party_id ORDER BY i.day DESC, i.id DESC)
               - i.amount))) AS open
      FROM invoices i JOIN starts s ON s.party_id = i.party_id
    ),
    aged AS (
      SELECT party_id,
             coalesce(sum(open) FILTER (WHERE ${day}::date - day <= 30), 0) AS d30,
             coalesce(sum(open) FILTER (WHERE ${day}::date - day BETWEEN 31 AND 60), 0) AS d60,
             coalesce(sum(open) FILTER (WHERE ${day}::date - day BETWEEN 61 AND 90), 0) AS d90,
             coalesce(sum(open) FILTER (WHERE ${day}::date - day > 90), 0) AS over90,
             min(day) FILTER (WHERE open > 0) AS oldest
      FROM open_parts GROUP BY party_id
    ),
    rows AS (
      SELECT c.id, c.name, o.balance,
             coalesce(a.d30, 0) AS d30, coalesce(a.d60, 0) AS d60, coalesce(a.d90, 0) AS d90,
             coalesce(a.over90, 0) AS over90, a.oldest
      FROM owing o JOIN clients c ON c.id = o.party_id
      LEFT JOIN aged a ON a.party_id = o.party_id
    )
    SELECT json_build_object(
      'date', ${day}::date,
      'rows', coalesce((
        SELECT json_agg(json_build_object(
                 'clientId', id, 'clientName', name, 'balance', balance,
                 'days0to30', d30, 'days31to60', d60, 'days61to90', d90, 'over90', over90,
                 'oldestInvoiceDate', oldest)
               ORDER BY lower(name), id)
        FROM rows), '[]'::json),
      'totals', (
        SELECT json_build_object(
                 'balance', coalesce(sum(balance), 0), 'days0to30', coalesce(sum(d30), 0),
                 'days31to60', coalesce(sum(d60), 0), 'days61to90', coalesce(sum(d90), 0),
                 'over90', coalesce(sum(over90), 0))
        FROM rows))`,
  );
}
