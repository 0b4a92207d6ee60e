// Vouchers in the Journal (issue 40): the voucher side of the journal's pages, totals and CSV
// (repositories/journal.ts merges it with the entries). A voucher is one row: its day, its
// description, its accounts in the Party column, its total debit (kept on it: migration 040) as
// the amount (negative for a reversal, so a voucher and its reversal cancel as an entry and its
// reversal do). It has no party, no Credit/Debit, no batch, no receipts: filters on those leave
// vouchers out.
import { sql, type RawBuilder } from 'kysely';
import type { JournalTotalsQuery } from 'contract';
import type { Db } from '../db/index.js';
import type { JournalPosition } from '../lib/page-cursor.js';

type Filters = JournalTotalsQuery;

/** LIKE pattern for "contains", with the pattern characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether the filters can match a voucher. */
export const vouchersShown = (filters: Filters): boolean =>
  (filters.kind === undefined || filters.kind === 'voucher') &&
  filters.partyId === undefined &&
  filters.Creditdebit === undefined &&
  filters.batchId === undefined &&
  filters.receipt === undefined;

/** Whether the filters can match an entry. */
export const entriesShown = (filters: Filters): boolean => filters.kind !== 'voucher';

/** The amount a voucher shows: its total debit (migration 040), negated for a reversal. */
const voucherAmount = (alias: string) =>
  sql`(${sql.ref(`${alias}.total`)} *
       CASE WHEN ${sql.ref(`${alias}.reverses_id`)} IS NULL THEN 1 ELSE -1 END)`;

/** The vouchers with a line on one of the accounts `accounts` (a condition on `a`) names. */
const withLineOn = (accounts: RawBuilder<unknown>) => sql`v.id IN (
  SELECT l.source_id FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
  WHERE l.source = 'voucher' AND ${accounts})`;

/**
 * The vouchers among the rows of `rows` (a relation with `source` and `id`): each one's accounts,
 * each named once in the order of its lines (`accounts`), and its lines as the contract's
 * VoucherLine in order (`lines`, JSON), one row per voucher by `id`. Aggregated once for a page
 * or a batch and joined, rather than a subquery per row: the planner counts such a subquery for
 * every row of a 10,000-row CSV batch, and a cost that high turns JIT compilation on (some 40 ms
 * a batch).
 */
export const voucherDetails = (rows: string) => sql`(
  SELECT x.source_id AS id,
         string_agg(x.name, ', ' ORDER BY x.id) FILTER (WHERE x.nth = 1) AS accounts,
         json_agg(json_build_object('accountId', x.account_id, 'code', x.code, 'name', x.name,
                                    'debit', x.debit::text, 'credit', x.credit::text)
                  ORDER BY x.id) AS lines
  FROM (
    SELECT l.id, l.source_id, l.debit, l.credit, a.id AS account_id, a.code, a.name,
           row_number() OVER (PARTITION BY l.source_id, a.name ORDER BY l.id) AS nth
    FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.source = 'voucher'
      AND l.source_id IN (SELECT r.id FROM ${sql.raw(rows)} r WHERE r.source = 1)
  ) x
  GROUP BY x.source_id)`;

/** The SQL conditions of the filters on `vouchers v` (call only when vouchersShown). */
function voucherConditions(filters: Filters): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filters.from) where.push(sql`v.voucher_date >= ${filters.from}`);
  if (filters.to) where.push(sql`v.voucher_date <= ${filters.to}`);
  // An account's movements: a voucher with a line on its ledger account (migration 038).
  if (filters.accountId !== undefined)
    where.push(withLineOn(sql`a.money_account_id = ${filters.accountId}`));
  if (filters.minAmount !== undefined) where.push(sql`v.total >= ${filters.minAmount}`);
  if (filters.maxAmount !== undefined) where.push(sql`v.total <= ${filters.maxAmount}`);
  const text = filters.q?.trim();
  if (text) {
    // In the description, or in the name of one of its accounts (its Party column).
    const pattern = containing(text);
    where.push(
      sql`(v.description ILIKE ${pattern} OR ${withLineOn(sql`a.name ILIKE ${pattern}`)})`,
    );
  }
  if (filters.recordedAfter)
    where.push(sql`v.created_at >= (${filters.recordedAfter}::date + 1)::timestamptz`);
  return where;
}

const whereOf = (where: RawBuilder<unknown>[]) =>
  where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

/**
 * The journal's order over the parts' columns: newest first, on one day the entries (source 0)
 * and then the vouchers (source 1), each newest first by id. (Today's entries stay at the top.)
 */
export const JOURNAL_ORDER = sql`entry_date DESC, source, id DESC`;

/**
 * The entries strictly after `before` in the journal's order, on `entries e`: on the day of a
 * voucher's position every entry of that day is before it.
 */
export const entriesAfter = (before: JournalPosition) =>
  before.source === 0
    ? sql`(e.entry_date, e.id) < (${before.date}::date, ${before.id}::bigint)`
    : sql`e.entry_date < ${before.date}::date`;

/**
 * The vouchers' part of a journal page or batch: those matching strictly after `before` in the
 * journal's order, at most `limit`, with the columns of an entry's part (source 1; what an
 * entry has and a voucher has not is NULL). On one day vouchers come after the entries: after an
 * entry's position, vouchers go on from its day.
 */
export function voucherArm(
  filters: Filters,
  limit: number,
  before?: JournalPosition,
): RawBuilder<unknown> {
  const where = voucherConditions(filters);
  if (before)
    where.push(
      before.source === 1
        ? sql`(v.voucher_date, v.id) < (${before.date}::date, ${before.id}::bigint)`
        : sql`v.voucher_date <= ${before.date}::date`,
    );
  return sql`(
    SELECT 1 AS source, v.id, v.voucher_date AS entry_date, 'voucher'::text AS kind,
           NULL::integer AS party_id, NULL::text AS party_name, NULL::text AS credit_debit,
           ${voucherAmount('v')} AS amount, v.description, v.created_by, v.created_at, v.reverses_id,
           NULL::integer AS account_id
    FROM vouchers v ${whereOf(where)}
    ORDER BY v.voucher_date DESC, v.id DESC
    LIMIT ${limit})`;
}

/** How many vouchers match and the sum of their amounts (a reversed pair cancels). */
export async function voucherTotals(
  db: Db,
  filters: Filters,
): Promise<{ count: number; amount: string }> {
  const where = voucherConditions(filters);
  const { rows } = await sql<{ count: number; amount: string }>`
    SELECT count(*)::int AS count,
           coalesce(sum(${voucherAmount('v')}), 0)::text AS amount
    FROM vouchers v ${whereOf(where)}`.execute(db);
  return rows[0] ?? { count: 0, amount: '0' };
}
