// The party an entry is recorded against, locked (FOR SHARE) until the entry is in, so that it
// is neither deleted nor renamed under the write: missing is 404, a suspended expense type 409.
import { sql } from 'kysely';
import { apiMessages, type EntryKind } from 'contract';
import type { Db } from '../db/index.js';
import { parties } from '../db/parties.js';
import { conflict, notFound } from '../lib/errors.js';

/**
 * Locks the parties of one kind and answers their names by id. `missing`: the refusal when one
 * does not exist (the kind's own "not found" by default).
 */
export async function lockParties(
  tx: Db,
  kind: EntryKind,
  ids: Iterable<number>,
  missing: string = parties[kind].missing,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const names = new Map<number, string>();
  if (wanted.length === 0) return names;
  const party = parties[kind];
  // In id order, so that two writers locking the same parties wait rather than deadlock.
  const { rows } = await sql<{ id: number; name: string; status: string | null }>`
    SELECT id, ${sql.ref(party.name)} AS name,
           ${kind === 'expense' ? sql.ref('status') : sql`NULL`} AS status
    FROM ${sql.table(party.table)} WHERE id = ANY(${wanted}::int[])
    ORDER BY id FOR SHARE`.execute(tx);
  if (rows.length !== wanted.length) throw notFound(missing);
  for (const row of rows) {
    if (kind === 'expense' && row.status !== 'Active')
      throw conflict(apiMessages.expenseTypeSuspended);
    names.set(Number(row.id), row.name);
  }
  return names;
}

/** Locks one party and answers its name. */
export async function lockParty(tx: Db, kind: EntryKind, id: number): Promise<string> {
  return (await lockParties(tx, kind, [id])).get(id)!;
}
