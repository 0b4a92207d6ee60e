// The journal's CSV lines, a batch at a time, newest first in the journal's order (entries and
// vouchers: repositories/journal.ts); the file is exports/journal-csv.ts. PostgreSQL writes the
// lines, so the server only passes them on.
import { sql, type RawBuilder } from 'kysely';
import { messages } from 'contract';
import type { Db } from '../db/index.js';
import { isoText } from '../db/fragments.js';
import type { JournalPosition } from '../lib/page-cursor.js';
import {
  entriesAfter,
  entriesShown,
  JOURNAL_ORDER,
  voucherDetails,
  voucherArm,
  vouchersShown,
} from '../ledger/journal-vouchers.js';
import { conditions, whereClause, type JournalFilters } from './journal.js';

/** Rows per batch of CSV lines. */
export const JOURNAL_CSV_BATCH = 10_000;

/**
 * The contract's personText in SQL, over `users u` (NULL without a user): who recorded an entry
 * as the CSV shows them, `Sam <sam@x.com>` or `Sam (former user) <sam@x.com>`.
 */
const recorderText = sql`u.name
  || CASE WHEN u.deleted_at IS NOT NULL THEN ${` ${messages.formerUser}`}::text ELSE '' END
  || ' <' || u.email || '>'`;

export type JournalCsvBatch = {
  body: string | null;
  rows: number;
  credit: string;
  debit: string;
  /** The vouchers among the rows, and their amounts (in neither Credit nor Debit). */
  voucher_rows: number;
  vouchers: string;
  last_date: string | null;
  last_source: 0 | 1 | null;
  last_id: number | null;
};

const EMPTY: JournalCsvBatch = {
  body: null,
  rows: 0,
  credit: '0',
  debit: '0',
  voucher_rows: 0,
  vouchers: '0',
  last_date: null,
  last_source: null,
  last_id: null,
};

/** The entries' part of a batch, strictly after `before` in the journal's order. */
function entryArm(filters: JournalFilters, before?: JournalPosition): RawBuilder<unknown> {
  const where = conditions(filters);
  if (before) where.push(entriesAfter(before));
  return sql`(
    SELECT 0 AS source, e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.credit_debit,
           e.amount, e.description, e.created_by, e.created_at, e.reverses_id,
           CASE WHEN e.credit_debit = 'Credit' THEN e.account_id END AS account_id
    FROM entries e ${whereClause(where)}
    ORDER BY e.entry_date DESC, e.id DESC
    LIMIT ${JOURNAL_CSV_BATCH})`;
}

/**
 * One batch of CSV lines, newest first, strictly after `before` in the journal's order (csv_field,
 * migration 010: the contract's csvCell in SQL). A voucher's line has its accounts as the party,
 * no Credit/Debit and no account.
 */
export async function journalCsvBatch(
  db: Db,
  filters: JournalFilters,
  before?: JournalPosition,
): Promise<JournalCsvBatch> {
  const arms: RawBuilder<unknown>[] = [];
  if (entriesShown(filters)) arms.push(entryArm(filters, before));
  const vouchers = vouchersShown(filters);
  if (vouchers) arms.push(voucherArm(filters, JOURNAL_CSV_BATCH, before));
  // A voucher's accounts, for the vouchers of the batch (none without their part).
  const details = vouchers
    ? sql`LEFT JOIN ${voucherDetails('batch')} vd ON b.source = 1 AND vd.id = b.id`
    : sql`LEFT JOIN (SELECT NULL::bigint AS id, NULL::text AS accounts) vd ON false`;
  if (arms.length === 0) return EMPTY;
  // One part is in order already; two are merged.
  const batch =
    arms.length === 1
      ? arms[0]!
      : sql`${sql.join(arms, sql` UNION ALL `)}
            ORDER BY ${JOURNAL_ORDER} LIMIT ${JOURNAL_CSV_BATCH}`;
  const { rows } = await sql<JournalCsvBatch>`
    WITH batch AS (${batch}),
    shown AS (
      SELECT b.*, coalesce(vd.accounts, b.party_name) AS shown_party,
             coalesce(r.id, rv.id) AS reversed_by
      FROM batch b
      LEFT JOIN entries r ON b.source = 0 AND r.reverses_id = b.id
      LEFT JOIN vouchers rv ON b.source = 1 AND rv.reverses_id = b.id
      ${details}
    ),
    lines AS (
      SELECT b.source, b.id, b.entry_date, b.credit_debit, b.amount,
             b.id || ',' || b.entry_date || ',' || b.kind || ',' || csv_field(b.shown_party)
               || ',' || coalesce(b.credit_debit, '') || ',' || b.amount || ','
               || csv_field(b.description) || ','
               || csv_field(${recorderText}) || ','
               || ${isoText('b.created_at')} || ','
               || CASE WHEN b.reverses_id IS NOT NULL THEN 'reverses #' || b.reverses_id
                       WHEN b.reversed_by IS NOT NULL THEN 'reversed by #' || b.reversed_by
                       ELSE '' END
               || ',' || coalesce(csv_field(ac.name), '')
               || E'\r\n' AS line
      FROM shown b
      LEFT JOIN accounts ac ON ac.id = b.account_id
      LEFT JOIN users u ON u.id = b.created_by
    ),
    last AS (
      SELECT entry_date, source, id FROM batch ORDER BY entry_date, source DESC, id LIMIT 1
    )
    SELECT string_agg(line, '' ORDER BY ${JOURNAL_ORDER}) AS body,
           count(*)::int AS rows,
           coalesce(sum(amount) FILTER (WHERE credit_debit = 'Credit'), 0)::text AS credit,
           coalesce(sum(amount) FILTER (WHERE credit_debit = 'Debit'), 0)::text AS debit,
           (count(*) FILTER (WHERE source = 1))::int AS voucher_rows,
           coalesce(sum(amount) FILTER (WHERE source = 1), 0)::text AS vouchers,
           (SELECT entry_date::text FROM last) AS last_date,
           (SELECT source FROM last) AS last_source,
           (SELECT id FROM last) AS last_id
    FROM lines`.execute(db);
  return rows[0] ?? EMPTY;
}
