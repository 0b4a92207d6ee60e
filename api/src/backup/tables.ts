// Which tables a backup carries, read from the catalog at the time of the backup or restore, so
// that a new column or table is carried without touching this code. The one hand-kept list is
// LEFT_OUT: tables that are short-lived, rebuilt from others, or carried another way. A test
// (test/backup.test.ts) names the carried tables, so a migration that adds a table fails it
// until its author decides which side the table belongs on (docs/decisions/012-backup-format.md).
import type { RawTransaction } from '../db/index.js';

export type LeftOut =
  | { why: 'short-lived' }
  /** Derived from carried tables; `rebuild` recomputes it after a restore. */
  | { why: 'derived'; rebuild: string }
  | { why: 'schema version' }
  /** About this installation's backup folder, not the books (migration 012). */
  | { why: 'backup history' };

export const LEFT_OUT: Record<string, LeftOut> = {
  sessions: { why: 'short-lived' },
  rate_counters: { why: 'short-lived' },
  // A password accepted, waiting for its code: five minutes at most.
  two_step_challenges: { why: 'short-lived' },
  entry_daily: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  entry_monthly: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  // Entries not yet folded into the two above (migration 021); the rebuild empties it.
  entry_rollup_queue: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  // Each account's money in and out per day (migration 027), from the entries.
  account_daily: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  // Each ledger account's debits and credits per day and per month (migration 037), from the
  // ledger lines.
  ledger_daily: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  ledger_monthly: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  ledger_rollup_queue: { why: 'derived', rebuild: 'SELECT rebuild_entry_rollups()' },
  // The entries with a shown receipt and their sums (migration 019), from `receipts`.
  receipted_entries: { why: 'derived', rebuild: 'SELECT rebuild_receipt_rollups()' },
  receipted_monthly: { why: 'derived', rebuild: 'SELECT rebuild_receipt_rollups()' },
  schema_migrations: { why: 'schema version' },
  // The server's record of its own backups: it names files in this installation's folder, and a
  // restored copy that carried it would skip its first scheduled backup and list files it lacks.
  backup_runs: { why: 'backup history' },
  remote_loads: { why: 'short-lived' },
};

/**
 * Rows a migration itself puts into a carried table, told apart by a condition: a database
 * holding only such rows counts as empty for a restore. (Migration 004 seeds the one `books`
 * row with no closing day.)
 */
export const SEEDED_BY_MIGRATIONS: Record<string, string> = {
  books: 'closed_through IS NULL',
  security_settings: 'require_two_step_for_admins = false',
  // Migration 026: the account Cash, the default, and the reconciliation settings.
  accounts: "id = 1 AND name = 'Cash' AND kind = 'Cash' AND opening_balance = 0 AND is_default",
  bank_settings: 'suggestion_days = 7',
  // Migration 037: the starting chart and Cash's own account.
  ledger_accounts: 'role IS NOT NULL OR money_account_id = 1',
};

export interface Column {
  name: string;
  /** The column's type as PostgreSQL spells it (format_type), e.g. `numeric(14,2)`. */
  type: string;
}

export interface CarriedTable {
  name: string;
  /** Every stored column, in table order; generated columns are left out (recomputed). */
  columns: Column[];
  /** Primary key columns: rows are written in this order. */
  key: string[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of schema `public`, each with its columns and key, parents before children. */
export async function allTables(tx: RawTransaction): Promise<CarriedTable[]> {
  const columns = await tx.query<{ table: string; name: string; type: string }>(
    `SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const keys = await tx.query<{ table: string; name: string }>(
    `SELECT c.relname AS "table", a.attname AS name
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND i.indisprimary
      ORDER BY c.relname, k.position`,
  );
  const references = await tx.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint f
       JOIN pg_class child ON child.oid = f.conrelid
       JOIN pg_class parent ON parent.oid = f.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE f.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );
  const tables = new Map<string, CarriedTable>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (!table) tables.set(column.table, (table = { name: column.table, columns: [], key: [] }));
    table.columns.push({ name: column.name, type: column.type });
  }
  for (const key of keys) tables.get(key.table)?.key.push(key.name);
  return parentsFirst([...tables.values()], references);
}

/** The tables a backup carries: every table but those LEFT_OUT. */
export async function carriedTables(tx: RawTransaction): Promise<CarriedTable[]> {
  return (await allTables(tx)).filter((table) => !(table.name in LEFT_OUT));
}

/**
 * Orders tables so that a table comes after every table its foreign keys point at (by name
 * otherwise), so rows can be inserted in file order. References within one table are met by
 * writing rows in key order (a reversal has a higher id than the entry it reverses).
 */
function parentsFirst(
  tables: CarriedTable[],
  references: { child: string; parent: string }[],
): CarriedTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: CarriedTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: CarriedTable) => {
    if (state.get(table.name)) return; // done, or a cycle: keep the order reached so far
    state.set(table.name, 'visiting');
    for (const ref of references.filter((r) => r.child === table.name).sort(byParent)) {
      const parent = byName.get(ref.parent);
      if (parent) visit(parent);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

const byParent = (a: { parent: string }, b: { parent: string }) => a.parent.localeCompare(b.parent);
