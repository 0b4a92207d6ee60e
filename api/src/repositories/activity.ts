// Reading the audit log: newest first by (at, id), any mix of filters, paged by position
// (keyset: the next page starts below the last row seen, so page 500 costs what page 1 does),
// and each row's changes as field-by-field before/after pairs.
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { ActivityQuery, ActivityRow, FieldChange } from 'contract';
import type { Db } from '../db/index.js';
import type { AuditLogTable } from '../db/schema.js';

export type ActivityFilters = Omit<ActivityQuery, 'after' | 'before' | 'limit'>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields a row shows: for a change, those whose value differs; for an addition, every field
 * after; for a removal, every field before. The record's own id is its link, not a change.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (field) => field !== 'id',
  );
  return fields
    .filter((field) => !(field in was && field in now && same(was[field], now[field])))
    .map((field) => ({ field, before: was[field] ?? null, after: now[field] ?? null }));
}

type LogRow = Selectable<AuditLogTable> & {
  actor_name: string | null;
  actor_email: string | null;
  actor_former: boolean | null;
};

const toActivity = (row: LogRow): ActivityRow => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actor:
    row.actor_id !== null && row.actor_name !== null
      ? {
          id: row.actor_id,
          name: row.actor_name,
          email: row.actor_email ?? '',
          former: row.actor_former === true,
        }
      : null,
  action: row.action,
  kind: row.entity,
  recordId: row.entity_id,
  changes: fieldChanges(row.before, row.after),
  address: row.address ?? '',
  browser: row.browser ?? '',
});

/** One page of matching rows, newest first, below the row `before` when given. */
export async function readActivity(
  db: Db,
  filters: ActivityFilters,
  page: { before?: number; limit: number },
): Promise<{ rows: ActivityRow[]; next: number | null }> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.who !== undefined) conditions.push(sql<SqlBool>`a.actor_id = ${filters.who}`);
  if (filters.kind) conditions.push(sql<SqlBool>`a.entity = ${filters.kind}`);
  if (filters.action) conditions.push(sql<SqlBool>`a.action = ${filters.action}`);
  if (filters.record) conditions.push(sql<SqlBool>`a.entity_id = ${filters.record}`);
  // Days are counted in the server's time zone (the session's), both ends included.
  if (filters.from) conditions.push(sql<SqlBool>`a.at >= ${filters.from}::date::timestamptz`);
  if (filters.to) conditions.push(sql<SqlBool>`a.at < (${filters.to}::date + 1)::timestamptz`);
  if (page.before !== undefined) {
    // The position as plain values: a row comparison with constants is an index bound, one
    // with a subquery would be a filter over every newer row. The time goes as text, which
    // keeps its microseconds.
    const { rows: cursor } = await sql<{ at: string }>`
      SELECT at::text AS at FROM audit_log WHERE id = ${page.before}`.execute(db);
    const at = cursor[0]?.at;
    if (at === undefined) return { rows: [], next: null };
    conditions.push(sql<SqlBool>`(a.at, a.id) < (${at}::timestamptz, ${page.before}::bigint)`);
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const { rows } = await sql<LogRow>`
    SELECT a.id, a.at, a.actor_id, u.name AS actor_name, u.email AS actor_email,
           u.deleted_at IS NOT NULL AS actor_former, a.action,
           a.entity, a.entity_id, a.before, a.after, a.address, a.browser
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    ${where}
    ORDER BY a.at DESC, a.id DESC
    LIMIT ${page.limit + 1}`.execute(db);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return {
    rows: shown.map(toActivity),
    next: more ? (shown[shown.length - 1]?.id ?? null) : null,
  };
}

/** Every matching row, newest first, fetched a page at a time (for the CSV export). */
export async function* allActivity(
  db: Db,
  filters: ActivityFilters,
  pageSize = 1000,
): AsyncGenerator<ActivityRow> {
  let before: number | undefined;
  for (;;) {
    const { rows, next } = await readActivity(db, filters, { before, limit: pageSize });
    yield* rows;
    if (next === null) return;
    before = next;
  }
}
