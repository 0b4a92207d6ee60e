// What the database already knows when an import is previewed or run (import-analysis.ts,
// imports.ts): an earlier import of the same file, the parties by name, the people held.
import { sql } from 'kysely';
import { nameKey, type EarlierImport, type EntryKind } from 'contract';
import type { Db } from '../db/index.js';
import { isoText } from '../db/fragments.js';
import { parties } from '../db/parties.js';
import { personKey } from '../imports/plan-people.js';

export async function earlierImport(db: Db, hash: string): Promise<EarlierImport | null> {
  const { rows } = await sql<{ id: number; batch_id: number; file_name: string; at: string }>`
    SELECT i.id, i.batch_id, i.file_name,
           ${isoText('b.created_at')} AS at
    FROM imports i JOIN entry_batches b ON b.id = i.batch_id
    WHERE i.sha256 = ${hash} AND NOT i.undone`.execute(db);
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        batchId: Number(row.batch_id),
        fileName: row.file_name,
        createdAt: row.at,
      }
    : null;
}

/** Existing parties of a table by name key; names held twice are ambiguous (null). */
export async function partiesByKey(
  db: Db,
  kind: EntryKind,
): Promise<Map<string, { id: number; name: string; suspended: boolean } | null>> {
  const party = parties[kind];
  const { rows } = await sql<{ id: number; name: string; status: string | null }>`
    SELECT id, ${sql.ref(party.name)} AS name,
           ${kind === 'expense' ? sql.ref('status') : sql`NULL`} AS status
    FROM ${sql.table(party.table)} ORDER BY id`.execute(db);
  const byKey = new Map<string, { id: number; name: string; suspended: boolean } | null>();
  for (const row of rows) {
    const key = nameKey(row.name);
    byKey.set(
      key,
      byKey.has(key) ? null : { id: row.id, name: row.name, suspended: row.status === 'Suspended' },
    );
  }
  return byKey;
}

export async function existingPeople(
  db: Db,
  kind: 'clients' | 'employees' | 'expenseTypes',
): Promise<Set<string>> {
  if (kind === 'expenseTypes') {
    const rows = await db.selectFrom('expense_types').select('expancetype').execute();
    return new Set(rows.map((row) => personKey(kind, row.expancetype, '', '')));
  }
  if (kind === 'clients') {
    const rows = await db.selectFrom('clients').select(['name', 'email', 'company_name']).execute();
    return new Set(rows.map((row) => personKey(kind, row.name, row.email, row.company_name)));
  }
  const rows = await db.selectFrom('employees').select(['name', 'email', 'number']).execute();
  return new Set(rows.map((row) => personKey('employees', row.name, row.email, row.number)));
}
