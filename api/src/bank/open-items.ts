// Find & match's search (issue 42): an account's open entries and transfers — not matched, not
// reversed nor a reversal — of a direction, an amount, a date range and text, the latest first,
// OPEN_ITEMS of each at most. Open is as the worklist has it (reconcile.ts, transfer-suggestions.ts).
import { sql, type RawBuilder } from 'kysely';
import {
  OPEN_ITEMS,
  type OpenItems,
  type OpenItemsQuery,
  type WorklistEntry,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { accountOf, OPEN_ENTRY } from './reconcile.js';
import { openTransfer, seen } from './transfer-suggestions.js';

/** The text as an ILIKE pattern that finds it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (one) => `\\${one}`)}%`;

const all = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`;

export async function searchOpenItems(
  db: Db,
  accountId: number,
  query: OpenItemsQuery,
): Promise<OpenItems> {
  await accountOf(db, accountId);
  const text = query.text?.trim().replace(/^#/, '') ?? '';
  const number = /^\d{1,15}$/.test(text) ? text : null;
  const pattern = containing(text);

  const onEntries: RawBuilder<unknown>[] = [];
  if (query.direction) onEntries.push(sql`(e.kind = 'income') = ${query.direction === 'in'}`);
  if (query.amount) onEntries.push(sql`e.amount = ${query.amount}::numeric`);
  if (query.from) onEntries.push(sql`e.entry_date >= ${query.from}::date`);
  if (query.to) onEntries.push(sql`e.entry_date <= ${query.to}::date`);
  if (text)
    onEntries.push(sql`(e.party_name ILIKE ${pattern} ESCAPE '\\' OR e.description ILIKE ${pattern}
      ESCAPE '\\' ${number ? sql`OR e.id = ${number}::bigint` : sql``})`);
  const { rows: entryRows } = await sql<{
    id: string | number;
    entry_date: string;
    kind: WorklistEntry['kind'];
    party_id: number;
    party_name: string;
    description: string;
    amount: string;
  }>`
    SELECT e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.description,
           e.amount::text AS amount
    FROM entries e
    WHERE e.account_id = ${accountId} AND ${OPEN_ENTRY} AND ${all(onEntries)}
    ORDER BY e.entry_date DESC, e.id DESC
    LIMIT ${OPEN_ITEMS + 1}`.execute(db);

  const onTransfers: RawBuilder<unknown>[] = [];
  if (query.direction === 'in') onTransfers.push(sql`t.to_account_id = ${accountId}`);
  if (query.direction === 'out') onTransfers.push(sql`t.from_account_id = ${accountId}`);
  if (query.amount) onTransfers.push(sql`t.amount = ${query.amount}::numeric`);
  if (query.from) onTransfers.push(sql`t.transfer_date >= ${query.from}::date`);
  if (query.to) onTransfers.push(sql`t.transfer_date <= ${query.to}::date`);
  if (text)
    onTransfers.push(sql`(o.name ILIKE ${pattern} ESCAPE '\\' OR t.description ILIKE ${pattern}
      ESCAPE '\\' ${number ? sql`OR t.id = ${number}::bigint` : sql``})`);
  const { rows: transferRows } = await sql<{
    id: string | number;
    transfer_date: string;
    other_id: number;
    other_name: string;
    description: string;
    amount: string;
  }>`
    SELECT t.id, t.transfer_date, o.id AS other_id, o.name AS other_name, t.description,
           (${seen(accountId)})::text AS amount
    FROM account_transfers t
    JOIN accounts o ON o.id = CASE WHEN t.from_account_id = ${accountId}
                                   THEN t.to_account_id ELSE t.from_account_id END
    WHERE ${openTransfer(accountId)} AND ${all(onTransfers)}
    ORDER BY t.transfer_date DESC, t.id DESC
    LIMIT ${OPEN_ITEMS + 1}`.execute(db);

  return {
    entries: entryRows.slice(0, OPEN_ITEMS).map((row) => ({
      id: Number(row.id),
      date: row.entry_date,
      kind: row.kind,
      partyId: row.party_id,
      partyName: row.party_name,
      description: row.description,
      amount: amountNumber(row.kind === 'income' ? row.amount : `-${row.amount}`),
    })),
    transfers: transferRows.slice(0, OPEN_ITEMS).map((row) => ({
      id: Number(row.id),
      date: row.transfer_date,
      accountId: Number(row.other_id),
      accountName: row.other_name,
      description: row.description,
      amount: amountNumber(row.amount),
    })),
    more: entryRows.length > OPEN_ITEMS || transferRows.length > OPEN_ITEMS,
  };
}
