// The one shape shared by employees, clients and expense types: a table whose rows the API
// shows under other field names, that entries point at (so a row with entries cannot be
// deleted), and whose every change is audited in the same transaction.
import { sql, type Kysely } from 'kysely';
import type { RecordKind } from 'contract';
import type { Db } from '../db/index.js';
import type { EntriesTable } from '../db/schema.js';
import { audit, type AuditEntry } from '../lib/audit.js';
import {
  conflict,
  notFound,
  pgCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
} from '../lib/errors.js';

/** A record's fields as the API names them, all but the id. */
export type Fields<T> = Omit<T, 'id'>;

export interface CrudSpec<T extends { id: number }> {
  table: 'employees' | 'clients' | 'expense_types';
  /** The entity name in the audit log. */
  entity: RecordKind;
  /** API field name → database column, for every field but id. */
  columns: { [K in keyof Fields<T>]: string };
  notFound: string;
  /** The entries column that refers to this table, and the answer when a delete finds any. */
  inUse: { column: keyof EntriesTable & `${string}_id`; message: string };
  /** The answer when a unique index refuses a create or update. */
  duplicate?: string;
  /** Columns computed from the values written (an expense type's name key), stored beside them. */
  derived?: (values: Partial<Fields<T>>) => Record<string, unknown>;
  /** A row as read (columns under the API's names) as the API shows it (an employee's salary). */
  present?: (row: Record<string, unknown>) => T;
}

export interface CrudRepository<T extends { id: number }> {
  list(db: Db): Promise<T[]>;
  create(db: Db, actorId: number, values: Partial<Fields<T>>): Promise<T>;
  update(
    db: Db,
    actorId: number,
    id: number,
    values: Partial<Fields<T>>,
    action?: Extract<AuditEntry['action'], 'update' | 'status'>,
  ): Promise<T>;
  remove(db: Db, actorId: number, id: number): Promise<void>;
}

// The table is chosen at run time, so the queries go through an untyped view of the database;
// the spec's column map is what keeps them honest.
type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const untyped = (db: Db) => db as unknown as Untyped;

export function crud<T extends { id: number }>(spec: CrudSpec<T>): CrudRepository<T> {
  const fields = Object.keys(spec.columns) as (keyof Fields<T> & string)[];
  const columnOf = (field: keyof Fields<T> & string): string => spec.columns[field];
  // 'company_name as companyName': rows come back already under the API's names.
  const selection = [
    'id',
    ...fields.map((field) =>
      columnOf(field) === field ? field : `${columnOf(field)} as ${field}`,
    ),
  ];

  /** API values → database columns, strings trimmed. */
  const toColumns = (values: Partial<Fields<T>>): Record<string, unknown> => ({
    ...Object.fromEntries(
      fields
        .filter((field) => values[field] !== undefined)
        .map((field) => {
          const value: unknown = values[field];
          return [columnOf(field), typeof value === 'string' ? value.trim() : value];
        }),
    ),
    ...spec.derived?.(values),
  });

  const present = (row: unknown): T =>
    spec.present ? spec.present(row as Record<string, unknown>) : (row as T);

  const translate = (error: unknown): never => {
    const code = pgCode(error);
    if (code === PG_UNIQUE_VIOLATION && spec.duplicate) throw conflict(spec.duplicate);
    if (code === PG_FOREIGN_KEY_VIOLATION) throw conflict(spec.inUse.message);
    throw error;
  };

  /** The row as it is now, locked until the transaction ends; 404 when there is none. */
  const lock = async (tx: Db, id: number): Promise<T> => {
    const row = await untyped(tx)
      .selectFrom(spec.table)
      .select(selection)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(spec.notFound);
    return present(row);
  };

  return {
    async list(db) {
      const rows = await untyped(db)
        .selectFrom(spec.table)
        .select(selection)
        .orderBy('id')
        .execute();
      return rows.map(present);
    },

    create(db, actorId, values) {
      return db
        .transaction()
        .execute(async (tx) => {
          const after = present(
            await untyped(tx)
              .insertInto(spec.table)
              .values(toColumns(values))
              .returning(selection)
              .executeTakeFirstOrThrow(),
          );
          await audit(tx, {
            actorId,
            action: 'create',
            entity: spec.entity,
            entityId: after.id,
            after,
          });
          return after;
        })
        .catch(translate);
    },

    update(db, actorId, id, values, action = 'update') {
      return db
        .transaction()
        .execute(async (tx) => {
          const before = await lock(tx, id);
          const after = present(
            await untyped(tx)
              .updateTable(spec.table)
              .set({ ...toColumns(values), updated_at: sql`now()` })
              .where('id', '=', id)
              .returning(selection)
              .executeTakeFirstOrThrow(),
          );
          await audit(tx, { actorId, action, entity: spec.entity, entityId: id, before, after });
          return after;
        })
        .catch(translate);
    },

    async remove(db, actorId, id) {
      await db
        .transaction()
        .execute(async (tx) => {
          const before = await lock(tx, id);
          // The lock above keeps new entries out (their foreign key needs a share lock on the
          // row), so this check cannot be raced; the catch below covers it all the same.
          const used = await tx
            .selectFrom('entries')
            .select('id')
            .where(spec.inUse.column, '=', id)
            .limit(1)
            .executeTakeFirst();
          if (used) throw conflict(spec.inUse.message);
          await untyped(tx).deleteFrom(spec.table).where('id', '=', id).execute();
          await audit(tx, { actorId, action: 'delete', entity: spec.entity, entityId: id, before });
        })
        .catch(translate);
    },
  };
}
