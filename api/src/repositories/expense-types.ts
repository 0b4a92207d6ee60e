// Expense types (Settings): a unique name, and a status, Active or Suspended. Names are one name
// when their keys (contract's nameKey: NFKC, case folded, white space collapsed) are equal; the
// key is stored beside the name under a unique index (migration 008).
import { apiMessages, nameKey, type ExpenseType, type ExpenseTypeStatus } from 'contract';
import type { Db } from '../db/index.js';
import { pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { crud } from './crud.js';

export const expenseTypes = crud<ExpenseType>({
  table: 'expense_types',
  entity: 'expense_type',
  columns: { expancetype: 'expancetype', status: 'status' },
  notFound: apiMessages.expenseTypeNotFound,
  inUse: { column: 'expense_type_id', message: apiMessages.expenseTypeInUse },
  duplicate: apiMessages.expenseTypeTaken,
  derived: (values) =>
    values.expancetype === undefined ? {} : { name_key: nameKey(values.expancetype) },
});

/**
 * Gives every expense type stored before the keys existed (or written around the server) its
 * key; run at start. One statement a row, so that a row whose key another already holds (two
 * names the old rule let in) is left without one and the others still get theirs; such a row
 * gets its key when it is renamed. Servers starting together write the same keys.
 */
export async function keyUnkeyedExpenseTypes(db: Db): Promise<void> {
  const unkeyed = await db
    .selectFrom('expense_types')
    .select(['id', 'expancetype'])
    .where('name_key', 'is', null)
    .orderBy('id')
    .execute();
  for (const row of unkeyed) {
    await db
      .updateTable('expense_types')
      .set({ name_key: nameKey(row.expancetype) })
      .where('id', '=', row.id)
      .where('name_key', 'is', null)
      .execute()
      .catch((error: unknown) => {
        if (pgCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      });
  }
}

/** The status after Suspend/Activate: Suspended when the current one is Active, else Active. */
export const nextStatus = (currentStatus: string): ExpenseTypeStatus =>
  currentStatus === 'Active' ? 'Suspended' : 'Active';

export const toggleExpenseTypeStatus = (
  db: Db,
  actorId: number,
  id: number,
  currentStatus: string,
): Promise<ExpenseType> =>
  expenseTypes.update(db, actorId, id, { status: nextStatus(currentStatus) }, 'status');
