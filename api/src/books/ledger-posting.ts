// How the books' writer posts to the ledger: in the same statement that writes the entries or
// transfers, from what that statement wrote (a CTE named by the caller). The rules for each kind
// of entry are the database's own (ledger_entry_postings, migration 037, through its PL/pgSQL
// wrapper ledger_entry_lines, planned once per connection), so the migration of the existing
// books and every new entry post alike; the database refuses lines that do not balance.
import { sql, type RawBuilder } from 'kysely';

/**
 * Lines of the entries in `written` (columns of `entries`): a positive amount posts each rule's
 * side, a reversal's negative amount the opposite side.
 */
export const postEntries = (written: RawBuilder<unknown>) => sql`
  INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit, basis)
  SELECT 'entry', w.id, w.entry_date, p.account_id,
         greatest(p.side * w.amount, 0), greatest(-p.side * w.amount, 0), p.basis
  FROM ${written} w
  CROSS JOIN LATERAL ledger_entry_lines(w.kind, w.credit_debit, w.party_id, w.account_id) p`;

/** Lines of the transfers in `written` (columns of `account_transfers`): to Dr, from Cr. */
export const postTransfers = (written: RawBuilder<unknown>) => sql`
  INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
  SELECT 'transfer', w.id, w.transfer_date, a.id,
         greatest(s.side * w.amount, 0), greatest(-s.side * w.amount, 0)
  FROM ${written} w
  CROSS JOIN LATERAL (VALUES (w.to_account_id, 1), (w.from_account_id, -1)) AS s (money, side)
  JOIN ledger_accounts a ON a.money_account_id = s.money
  ORDER BY w.id, s.side DESC`;

/** `statement` (an INSERT ... RETURNING *) and `post` of what it wrote, answering `columns`. */
export const withPosting = (
  statement: RawBuilder<unknown>,
  post: (written: RawBuilder<unknown>) => RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
) => sql`
  WITH written AS (${statement}), posted AS (${post(sql.raw('written'))})
  SELECT ${columns} FROM written ORDER BY id`;
