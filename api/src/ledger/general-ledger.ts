// The general ledger of one account (issue 40): its lines for a period, oldest first, a page at
// a time, each with the balance after it and what posted it; the opening and closing balances
// come from the day totals, and the next page's cursor carries the running balance, so a page
// deep in a busy account costs one index range, not a sum of the lines before it.
import { sql } from 'kysely';
import {
  amountNumber,
  centsOf,
  centsText,
  DEBIT_NORMAL,
  ledgerMessages as m,
  type GeneralLedgerPage,
  type GeneralLedgerQuery,
  type GeneralLedgerRow,
  type LedgerAccountType,
  type LedgerSource,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest, notFound } from '../lib/errors.js';
import { ledgerLinesCursor, parseLedgerLinesCursor } from '../lib/page-cursor.js';

interface LineRow {
  id: string;
  line_date: string;
  source: LedgerSource;
  source_id: string;
  debit: string;
  credit: string;
  description: string;
}

const money = (cents: bigint) => amountNumber(centsText(cents));

/** The account whose lines are read, with its balances around the period. */
export interface LedgerAccountPeriod {
  account: GeneralLedgerPage['account'];
  /** 1 for an account whose balance is a debit (assets, expenses), -1 otherwise. */
  sign: 1n | -1n;
  /** Cents in the account's normal direction: before `from`, and through `to`. */
  opening: bigint;
  closing: bigint;
}

/** The account (404 when there is none) and its opening and closing balances of the period. */
export async function ledgerAccountPeriod(
  db: Db,
  accountId: number,
  range: { from: string; to: string },
): Promise<LedgerAccountPeriod> {
  if (range.from > range.to) throw badRequest(m.fromAfterTo);
  const { rows: found } = await sql<{ id: number; code: string; name: string; type: string }>`
    SELECT id, code, name, type FROM ledger_accounts WHERE id = ${accountId}`.execute(db);
  const account = found[0];
  if (!account) throw notFound(m.accountNotFound);
  const type = account.type as LedgerAccountType;
  const sign = DEBIT_NORMAL.includes(type) ? 1n : -1n;
  const { rows: sums } = await sql<{ opening: string; closing: string }>`
    SELECT coalesce(sum(debit - credit) FILTER (WHERE day < ${range.from}::date), 0)::text
             AS opening,
           coalesce(sum(debit - credit), 0)::text AS closing
    FROM ledger_daily_current
    WHERE account_id = ${accountId} AND basis <> 'C' AND day <= ${range.to}::date`.execute(db);
  return {
    account: { id: account.id, code: account.code, name: account.name, type },
    sign,
    opening: sign * centsOf(sums[0]!.opening),
    closing: sign * centsOf(sums[0]!.closing),
  };
}

/** Where a page of lines starts: after this line, whose balance it carries on from. */
export interface LinesPosition {
  date: string;
  id: number;
  balance: bigint;
}

/**
 * Up to `limit` lines of the period after `after` (from the period's start without it), each
 * with the balance after it; `more` when lines are left after them.
 */
export async function ledgerLinesPage(
  db: Db,
  head: LedgerAccountPeriod,
  range: { from: string; to: string },
  limit: number,
  after?: LinesPosition,
): Promise<{ rows: GeneralLedgerRow[]; more: boolean; last?: LinesPosition }> {
  const accountId = head.account.id;
  const { rows } = await sql<LineRow>`
    SELECT l.id::text AS id, l.line_date::text AS line_date, l.source, l.source_id::text AS source_id,
           l.debit::text AS debit, l.credit::text AS credit,
           CASE l.source
             WHEN 'entry' THEN concat_ws(' · ', initcap(e.kind), e.party_name, nullif(e.description, ''))
             WHEN 'transfer' THEN coalesce(nullif(t.description, ''), 'Transfer')
             WHEN 'voucher' THEN coalesce(nullif(v.description, ''), 'Voucher')
             ELSE 'Opening balance'
           END AS description
    FROM ledger_lines l
    LEFT JOIN entries e ON l.source = 'entry' AND e.id = l.source_id
    LEFT JOIN account_transfers t ON l.source = 'transfer' AND t.id = l.source_id
    LEFT JOIN vouchers v ON l.source = 'voucher' AND v.id = l.source_id
    WHERE l.account_id = ${accountId} AND l.basis <> 'C'
      AND l.line_date BETWEEN ${range.from}::date AND ${range.to}::date
      ${after ? sql`AND (l.line_date, l.id) > (${after.date}::date, ${after.id}::bigint)` : sql``}
    ORDER BY l.line_date, l.id
    LIMIT ${limit + 1}`.execute(db);
  let balance = after ? after.balance : head.opening;
  const page = rows.slice(0, limit).map((row): GeneralLedgerRow => {
    const debit = centsOf(row.debit);
    const credit = centsOf(row.credit);
    balance += head.sign * (debit - credit);
    return {
      id: Number(row.id),
      date: row.line_date,
      source: row.source,
      sourceId: Number(row.source_id),
      description: row.description,
      debit: money(debit),
      credit: money(credit),
      balance: money(balance),
    };
  });
  const last = page[page.length - 1];
  return {
    rows: page,
    more: rows.length > limit,
    last: last && { date: last.date, id: last.id, balance },
  };
}

export async function generalLedger(
  db: Db,
  accountId: number,
  query: GeneralLedgerQuery,
): Promise<GeneralLedgerPage> {
  if (query.from > query.to) throw badRequest(m.fromAfterTo);
  const after = parseLedgerLinesCursor(query.after);
  const head = await ledgerAccountPeriod(db, accountId, query);
  const page = await ledgerLinesPage(db, head, query, query.limit ?? 100, after);
  return {
    account: head.account,
    opening: money(head.opening),
    rows: page.rows,
    next: page.more && page.last ? ledgerLinesCursor(page.last) : null,
    closing: money(head.closing),
  };
}
