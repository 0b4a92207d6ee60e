// The money accounts an entry may name (migration 026): a given account must exist; an invoice
// (income Debit) moves no money and names none. Left out, the writer takes the default account.
import { sql } from 'kysely';
import { accountMessages } from 'contract';
import type { Db } from '../db/index.js';
import { badRequest, notFound } from '../lib/errors.js';

/** Refuses an account given for an invoice (no database needed). */
export function checkEntryAccount(input: { creditDebit: string; accountId?: number | null }): void {
  if (input.creditDebit === 'Debit' && input.accountId != null)
    throw badRequest(accountMessages.invoiceNoAccount);
}

/**
 * Share-locks the accounts (in id order) so none is removed or changed while the entries naming
 * them are written; 404 when one does not exist.
 */
export async function lockAccounts(
  tx: Db,
  ids: readonly (number | null | undefined)[],
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))].sort((a, b) => a - b);
  if (wanted.length === 0) return;
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM accounts WHERE id = ANY(${wanted}::integer[]) ORDER BY id FOR SHARE`.execute(tx);
  if (rows.length !== wanted.length) throw notFound(accountMessages.accountNotFound);
}

/** The default account's id (there is always one: migration 026, bank/accounts.ts). */
export async function defaultAccountId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM accounts WHERE is_default`.execute(db);
  return Number(rows[0]!.id);
}
