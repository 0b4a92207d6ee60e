// The books' writes of vouchers (issue 40): a voucher and its ledger lines, and a reversal with
// the opposite lines. Callers check first (ledger/vouchers.ts: balance, accounts, closed period);
// the database refuses lines that do not balance (migration 037). A voucher keeps its total debit
// (migration 040); its reversal has the same.
import { sql } from 'kysely';
import { centsText } from 'contract';
import type { Db } from '../db/index.js';

/** A voucher line in cents: one of debit and credit is 0. */
export interface VoucherLineCents {
  accountId: number;
  debit: bigint;
  credit: bigint;
}

/** Writes a voucher and its lines on `day`, in the lines' order; answers its id. */
export async function insertVoucher(
  tx: Db,
  voucher: { day: string; description: string; userId: number },
  lines: readonly VoucherLineCents[],
): Promise<number> {
  // Its total debit, kept with it (migration 040): the Journal's amount.
  const total = lines.reduce((sum, line) => sum + line.debit, 0n);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO vouchers (voucher_date, description, created_by, total)
    VALUES (${voucher.day}::date, ${voucher.description}, ${voucher.userId},
            ${centsText(total)}::numeric)
    RETURNING id`.execute(tx);
  const id = Number(rows[0]!.id);
  await sql`
    INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
    SELECT 'voucher', ${id}, ${voucher.day}::date, u.account, u.debit, u.credit
    FROM unnest(${lines.map((l) => l.accountId)}::integer[],
                ${lines.map((l) => centsText(l.debit))}::numeric[],
                ${lines.map((l) => centsText(l.credit))}::numeric[])
         WITH ORDINALITY AS u(account, debit, credit, position)
    ORDER BY u.position`.execute(tx);
  return id;
}

/**
 * Writes the reversal of voucher `id` (dated as it is, its reason as the description) with the
 * opposite lines: each debit a credit and each credit a debit. Answers the reversal's id.
 */
export async function insertVoucherReversal(
  tx: Db,
  original: { id: number; day: string },
  reason: string,
  userId: number,
): Promise<number> {
  const inserted = await sql<{ id: number }>`
    INSERT INTO vouchers (voucher_date, description, reverses_id, created_by, total)
    SELECT ${original.day}::date, ${reason}, ${original.id}, ${userId}, total
    FROM vouchers WHERE id = ${original.id}
    RETURNING id`.execute(tx);
  const reversalId = Number(inserted.rows[0]!.id);
  await sql`
    INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
    SELECT 'voucher', ${reversalId}, line_date, account_id, credit, debit
    FROM ledger_lines WHERE source = 'voucher' AND source_id = ${original.id}
    ORDER BY id`.execute(tx);
  return reversalId;
}
