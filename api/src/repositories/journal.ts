// The journal: every entry of every kind and every voucher (ledger/journal-vouchers.ts), newest
// first, filtered and paged by position; its totals over everything that matches. The CSV lines
// are journal-csv-batch.ts's. Reversals and the closed period are the books' (books/).
import { sql, type RawBuilder } from 'kysely';
import {
  amountNumber,
  apiMessages,
  hasAtMostTwoDecimals,
  type JournalPage,
  type JournalRow,
  type JournalTotals,
  type JournalTotalsQuery,
} from 'contract';
import type { Db } from '../db/index.js';
import { isoText, personColumns } from '../db/fragments.js';
import { BEGINNING, ENDING, isRealDay, splitByMonths } from '../lib/dates.js';
import { badRequest } from '../lib/errors.js';
import { journalCursor, parseJournalCursor, type JournalPosition } from '../lib/page-cursor.js';
import {
  containing,
  entriesAfter,
  entriesShown,
  JOURNAL_ORDER,
  voucherDetails,
  voucherArm,
  vouchersShown,
  voucherTotals,
} from '../ledger/journal-vouchers.js';

export type JournalFilters = JournalTotalsQuery;

/** Checks the filters that a schema cannot (real days, ordered bounds, cents). */
export function checkFilters(filters: JournalFilters): void {
  for (const name of ['from', 'to', 'recordedAfter'] as const) {
    const value = filters[name];
    if (value !== undefined && !isRealDay(value)) throw badRequest(`${name} must be a valid date`);
  }
  if (filters.from && filters.to && filters.from > filters.to)
    throw badRequest('from must not be after to');
  const { minAmount: min, maxAmount: max } = filters;
  if (
    (min !== undefined && !hasAtMostTwoDecimals(min)) ||
    (max !== undefined && !hasAtMostTwoDecimals(max))
  )
    throw badRequest(apiMessages.amountBoundDecimals);
  if (min !== undefined && max !== undefined && min > max)
    throw badRequest(apiMessages.amountRange);
  if (filters.partyId !== undefined && !filters.kind) throw badRequest(apiMessages.partyNeedsKind);
}

/** The SQL conditions of the filters, on `entries e`. */
export function conditions(filters: JournalFilters): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filters.from) where.push(sql`e.entry_date >= ${filters.from}`);
  if (filters.to) where.push(sql`e.entry_date <= ${filters.to}`);
  if (filters.kind) where.push(sql`e.kind = ${filters.kind}`);
  if (filters.partyId !== undefined) where.push(sql`e.party_id = ${filters.partyId}`);
  if (filters.Creditdebit) where.push(sql`e.credit_debit = ${filters.Creditdebit}`);
  if (filters.batchId !== undefined) where.push(sql`e.batch_id = ${filters.batchId}`);
  // An account's payments and receipts (an invoice moves no money: decision 023).
  if (filters.accountId !== undefined)
    where.push(sql`e.account_id = ${filters.accountId} AND e.credit_debit = 'Credit'`);
  // Bounds apply to the size of the amount, so an entry and its reversal match together.
  if (filters.minAmount !== undefined) where.push(sql`abs(e.amount) >= ${filters.minAmount}`);
  if (filters.maxAmount !== undefined) where.push(sql`abs(e.amount) <= ${filters.maxAmount}`);
  const text = filters.q?.trim();
  if (text) {
    const pattern = containing(text);
    where.push(sql`(e.description ILIKE ${pattern} OR e.party_name ILIKE ${pattern})`);
  }
  // Recorded after the end of the day in the server's time zone (the session's).
  if (filters.recordedAfter)
    where.push(sql`e.created_at >= (${filters.recordedAfter}::date + 1)::timestamptz`);
  if (filters.receipt) {
    const shown = sql`EXISTS (SELECT 1 FROM receipts rc WHERE rc.entry_id = e.id AND rc.removed_at IS NULL)`;
    where.push(filters.receipt === 'with' ? shown : sql`NOT ${shown}`);
  }
  return where;
}

export const whereClause = (where: RawBuilder<unknown>[]) =>
  where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

type JournalDbRow = {
  id: number | string;
  date: string;
  kind: JournalRow['kind'];
  party_id: number | null;
  party_name: string | null;
  credit_debit: JournalRow['Creditdebit'];
  amount: string | null;
  description: string;
  recorded_by_id: number | null;
  recorded_by_name: string | null;
  recorded_by_email: string | null;
  recorded_by_former: boolean | null;
  recorded_at: string;
  reverses_id: number | string | null;
  reversed_by_id: number | string | null;
  receipts: number;
  account_id: number | null;
  account_name: string | null;
  lines: { accountId: number; code: string; name: string; debit: string; credit: string }[] | null;
};

/** The entries' part of a page (source 0): the columns the voucher part has too. */
const entryArm = (where: RawBuilder<unknown>[], order: RawBuilder<unknown>, limit: number) => sql`(
  SELECT 0 AS source, e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.credit_debit,
         e.amount, e.description, e.created_by, e.created_at, e.reverses_id, e.account_id
  FROM entries e ${whereClause(where)}
  ORDER BY ${order}
  LIMIT ${limit})`;

/** The journal's order (JOURNAL_ORDER) on `p`. */
const PAGE_ORDER = sql`p.entry_date DESC, p.source, p.id DESC`;

/** Rows newest first, strictly after `before` in the journal's order when given. */
function journalRows(
  db: Db,
  filters: JournalFilters,
  limit: number,
  before?: JournalPosition,
): Promise<JournalDbRow[]> {
  const arms: RawBuilder<unknown>[] = [];
  if (entriesShown(filters)) {
    const where = conditions(filters);
    if (before) where.push(entriesAfter(before));
    arms.push(entryArm(where, sql`e.entry_date DESC, e.id DESC`, limit));
  }
  const vouchers = vouchersShown(filters);
  if (vouchers) arms.push(voucherArm(filters, limit, before));
  return selectRows(db, arms, PAGE_ORDER, limit, vouchers);
}

/**
 * The journal rows of `arms` (each a parenthesised part: entryArm, voucherArm) in `order` (on
 * `p`), at most `limit`, with `vouchers` when there is a voucher part. Each part reads its own
 * index up to `limit`; more than one are merged.
 */
async function selectRows(
  db: Db,
  arms: RawBuilder<unknown>[],
  order: RawBuilder<unknown>,
  limit: number,
  vouchers = false,
): Promise<JournalDbRow[]> {
  if (arms.length === 0) return [];
  // A voucher's accounts and lines, for the vouchers of the page (none without their part).
  const details = vouchers
    ? sql`LEFT JOIN ${voucherDetails('p')} vd ON p.source = 1 AND vd.id = p.id`
    : sql`LEFT JOIN (SELECT NULL::bigint AS id, NULL::text AS accounts, NULL::json AS lines) vd
            ON false`;
  const page =
    arms.length === 1
      ? arms[0]!
      : sql`(${sql.join(arms, sql` UNION ALL `)} ORDER BY ${JOURNAL_ORDER} LIMIT ${limit})`;
  const { rows } = await sql<JournalDbRow>`
    WITH p AS (SELECT * FROM ${page} page)
    SELECT p.id, p.entry_date AS date, p.kind, p.party_id,
           coalesce(vd.accounts, p.party_name) AS party_name, p.credit_debit,
           p.amount::text AS amount, p.description, ${personColumns('u', 'recorded_by')},
           ${isoText('p.created_at')} AS recorded_at, p.reverses_id,
           coalesce(r.id, rv.id) AS reversed_by_id,
           CASE WHEN p.source = 1 THEN 0
                ELSE (SELECT count(*)::int FROM receipts rc
                      WHERE rc.entry_id = p.id AND rc.removed_at IS NULL) END AS receipts,
           ac.id AS account_id, ac.name AS account_name, vd.lines
    FROM p
    LEFT JOIN users u ON u.id = p.created_by
    LEFT JOIN entries r ON p.source = 0 AND r.reverses_id = p.id
    LEFT JOIN vouchers rv ON p.source = 1 AND rv.reverses_id = p.id
    ${details}
    -- (an invoice recorded before accounts existed carries Cash's id: decision 023)
    LEFT JOIN accounts ac ON ac.id = p.account_id AND p.credit_debit = 'Credit'
    ORDER BY ${order}`.execute(db);
  return rows;
}

/** At most this many of a form's entries are listed under it. */
export const JUST_RECORDED_LIMIT = 50;

/**
 * The entries of `kind` that `userId` recorded through a form on `today` (server time zone, the
 * session's), newest recorded first: no reversal, and none a batch wrote (payroll, an import,
 * a recurring posting).
 */
export async function justRecorded(
  db: Db,
  userId: number,
  kind: JournalRow['kind'],
  today: string,
): Promise<JournalRow[]> {
  const where = [
    sql`e.created_by = ${userId}`,
    sql`e.kind = ${kind}`,
    sql`e.created_at >= ${today}::date::timestamptz`,
    sql`e.reverses_id IS NULL`,
    sql`e.batch_id IS NULL`,
  ];
  const rows = await selectRows(
    db,
    [entryArm(where, sql`e.created_at DESC, e.id DESC`, JUST_RECORDED_LIMIT)],
    sql`p.created_at DESC, p.id DESC`,
    JUST_RECORDED_LIMIT,
  );
  return rows.map(toJournalRow);
}

const toJournalRow = (row: JournalDbRow): JournalRow => ({
  id: Number(row.id),
  date: row.date,
  kind: row.kind,
  partyId: row.party_id,
  partyName: row.party_name ?? '',
  Creditdebit: row.credit_debit,
  amount: amountNumber(row.amount ?? 0),
  description: row.description,
  recordedBy:
    row.recorded_by_id === null
      ? null
      : {
          id: row.recorded_by_id,
          name: row.recorded_by_name ?? '',
          email: row.recorded_by_email ?? '',
          former: row.recorded_by_former === true,
        },
  recordedAt: row.recorded_at,
  reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
  reversedById: row.reversed_by_id === null ? null : Number(row.reversed_by_id),
  receipts: row.receipts,
  accountId: row.account_id,
  accountName: row.account_name,
  ...(row.kind === 'voucher'
    ? {
        lines: (row.lines ?? []).map((line) => ({
          accountId: line.accountId,
          code: line.code,
          name: line.name,
          debit: amountNumber(line.debit),
          credit: amountNumber(line.credit),
        })),
      }
    : {}),
});

export async function journalPage(
  db: Db,
  filters: JournalFilters,
  limit: number,
  after?: string,
): Promise<JournalPage> {
  checkFilters(filters);
  const rows = await journalRows(db, filters, limit + 1, parseJournalCursor(after));
  const page = rows.slice(0, limit).map(toJournalRow);
  const last = page[page.length - 1];
  return {
    entries: page,
    next:
      rows.length > limit && last
        ? journalCursor({ date: last.date, id: last.id, source: last.kind === 'voucher' ? 1 : 0 })
        : null,
  };
}

type SumRow = { count: string | number; credit: string | null; debit: string | null };

const toTotals = (row: SumRow | undefined): JournalTotals => ({
  count: Number(row?.count ?? 0),
  credit: amountNumber(row?.credit ?? 0),
  debit: amountNumber(row?.debit ?? 0),
});

/**
 * Count and Credit/Debit sums of every entry that matches, and the count and sum of the vouchers
 * that match (ledger/journal-vouchers.ts: they are in neither Credit nor Debit).
 */
export async function journalTotals(db: Db, filters: JournalFilters): Promise<JournalTotals> {
  checkFilters(filters);
  const totals = entriesShown(filters) ? await entryTotals(db, filters) : toTotals(undefined);
  if (!vouchersShown(filters)) return totals;
  const vouchers = await voucherTotals(db, filters);
  if (vouchers.count === 0) return totals;
  return {
    ...totals,
    count: totals.count + vouchers.count,
    vouchers: amountNumber(vouchers.amount),
  };
}

/**
 * The entries' totals. Filters on dates, kind, party and Credit/Debit only are answered from the
 * roll-ups (whole months from the monthly one, the partial months at the ends from the entries),
 * so no history is scanned; amount and text filters sum the matching entries through their
 * indexes.
 */
async function entryTotals(db: Db, filters: JournalFilters): Promise<JournalTotals> {
  const { receipt, ...others } = filters;
  if (receipt && rollupsAnswer(others)) {
    // The entries with a shown receipt come from their own roll-up (migration 019); those
    // without are every entry less them. Neither scans the history for a receipt.
    const { rows } = await sql<SumRow>`
      SELECT ${receipt === 'with' ? sql`w.count` : sql`a.count - w.count`} AS count,
             ${receipt === 'with' ? sql`w.credit` : sql`coalesce(a.credit, 0) - coalesce(w.credit, 0)`} AS credit,
             ${receipt === 'with' ? sql`w.debit` : sql`coalesce(a.debit, 0) - coalesce(w.debit, 0)`} AS debit
      FROM (${totalsQuery(others)}) AS a, (${receiptedQuery(others)}) AS w`.execute(db);
    return toTotals(rows[0]);
  }
  const { rows } = await totalsQuery(filters).execute(db);
  return toTotals(rows[0]);
}

/** Whether the roll-ups answer the filters (dates, kind, party, Credit/Debit only). */
const rollupsAnswer = (filters: JournalFilters) =>
  filters.minAmount === undefined &&
  filters.maxAmount === undefined &&
  filters.batchId === undefined &&
  filters.accountId === undefined &&
  !filters.q?.trim() &&
  !filters.receipt &&
  !filters.recordedAfter;

/** The sums of the entries with a shown receipt: whole months from their roll-up, the rest direct. */
function receiptedQuery(filters: JournalFilters): RawBuilder<SumRow> {
  const { months, edges } = splitByMonths({
    from: filters.from ?? BEGINNING,
    to: filters.to ?? ENDING,
  });
  const match = [
    filters.kind ? sql`kind = ${filters.kind}` : sql`true`,
    filters.Creditdebit ? sql`credit_debit = ${filters.Creditdebit}` : sql`true`,
    filters.partyId !== undefined ? sql`party_id = ${filters.partyId}` : sql`true`,
  ];
  const parts: RawBuilder<unknown>[] = [
    sql`SELECT NULL::text AS credit_debit, 0 AS total, 0 AS entries`,
  ];
  if (months)
    parts.push(sql`
      SELECT credit_debit, total, entries FROM receipted_monthly
      WHERE month BETWEEN ${months.from} AND ${months.to} AND ${sql.join(match, sql` AND `)}`);
  for (const edge of edges)
    parts.push(sql`
      SELECT e.credit_debit, e.amount AS total, 1 AS entries
      FROM receipted_entries r JOIN entries e ON e.id = r.entry_id
      WHERE e.entry_date BETWEEN ${edge.from} AND ${edge.to}
        AND ${sql.join(match, sql` AND `)}`);
  return sumOfParts(parts);
}

/** The count and the Credit and Debit sums of rows (credit_debit, total, entries) from parts. */
function sumOfParts(parts: RawBuilder<unknown>[]): RawBuilder<SumRow> {
  return sql<SumRow>`
    SELECT coalesce(sum(entries), 0) AS count,
           sum(total) FILTER (WHERE credit_debit = 'Credit') AS credit,
           sum(total) FILTER (WHERE credit_debit = 'Debit') AS debit
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS parts`;
}

function totalsQuery(filters: JournalFilters): RawBuilder<SumRow> {
  const byRollups = rollupsAnswer(filters);
  const kindCd = [
    filters.kind ? sql`kind = ${filters.kind}` : sql`true`,
    filters.Creditdebit ? sql`credit_debit = ${filters.Creditdebit}` : sql`true`,
  ];
  if (byRollups && filters.partyId === undefined)
    return sql<SumRow>`
      SELECT coalesce(sum(entries), 0) AS count,
             sum(total) FILTER (WHERE credit_debit = 'Credit') AS credit,
             sum(total) FILTER (WHERE credit_debit = 'Debit') AS debit
      FROM entry_daily_current
      WHERE day BETWEEN ${filters.from ?? BEGINNING} AND ${filters.to ?? ENDING}
        AND ${sql.join(kindCd, sql` AND `)}`;
  if (byRollups) {
    const { months, edges } = splitByMonths({
      from: filters.from ?? BEGINNING,
      to: filters.to ?? ENDING,
    });
    const parts: RawBuilder<unknown>[] = [];
    if (months)
      parts.push(sql`
        SELECT credit_debit, total, entries FROM entry_monthly_current
        WHERE month BETWEEN ${months.from} AND ${months.to} AND party_id = ${filters.partyId}
          AND ${sql.join(kindCd, sql` AND `)}`);
    for (const edge of edges)
      parts.push(sql`
        SELECT credit_debit, amount AS total, 1 AS entries FROM entries
        WHERE entry_date BETWEEN ${edge.from} AND ${edge.to} AND party_id = ${filters.partyId}
          AND ${sql.join(kindCd, sql` AND `)}`);
    return sumOfParts(parts);
  }
  return sql<SumRow>`
      SELECT count(*) AS count,
             sum(e.amount) FILTER (WHERE e.credit_debit = 'Credit') AS credit,
             sum(e.amount) FILTER (WHERE e.credit_debit = 'Debit') AS debit
      FROM entries e ${whereClause(conditions(filters))}`;
}
