// Each ledger account's debits and credits over a period, from the roll-ups of migration 037:
// the months the period covers whole from ledger_monthly, the days of a month it covers in part
// from ledger_daily, and what the fold has not moved yet from the queue. A statement over two
// years reads some hundreds of month rows and at most two months of days, whatever the number of
// days with lines.
import { sql } from 'kysely';

/**
 * Rows (account_id, day, basis, debit, credit) whose sums are those of the ledger lines from
 * `from` (the beginning when null) through `to`. A month's row carries its first day as `day`:
 * split them further by day only at a month's first day (as the balance sheet does at the
 * financial year's start).
 */
export function ledgerTotals(from: string | null, to: string) {
  // The whole months: from `first` up to, not including, `end` (none when first >= end). The
  // database reckons them, so that the last day (9999-12-31) has a day after it.
  const end = sql`date_trunc('month', (${to}::date + 1)::timestamp)::date`;
  if (from === null) {
    return sql`
      SELECT account_id, month AS day, basis, debit, credit FROM ledger_monthly
      WHERE month < ${end}
      UNION ALL
      SELECT account_id, day, basis, debit, credit FROM ledger_daily
      WHERE day >= ${end} AND day <= ${to}::date
      UNION ALL
      SELECT account_id, day, basis, debit, credit FROM ledger_rollup_queue
      WHERE day <= ${to}::date`;
  }
  const first = sql`(date_trunc('month', (${from}::date - 1)::timestamp) + interval '1 month')::date`;
  return sql`
    SELECT account_id, month AS day, basis, debit, credit FROM ledger_monthly
    WHERE month >= ${first} AND month < ${end}
    UNION ALL
    SELECT account_id, day, basis, debit, credit FROM ledger_daily
    WHERE (day >= ${from}::date AND day < least(${first}, ${to}::date + 1))
       OR (day >= greatest(${end}, ${from}::date) AND day <= ${to}::date)
    UNION ALL
    SELECT account_id, day, basis, debit, credit FROM ledger_rollup_queue
    WHERE day >= ${from}::date AND day <= ${to}::date`;
}
