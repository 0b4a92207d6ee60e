// Expense types (Settings): a unique name in any case, and a status, Active or Suspended.
import { apiMessages, type ExpenseType, type ExpenseTypeStatus } from 'contract';
import type { Db } from '../db/index.js';
import { crud } from './crud.js';

export const expenseTypes = crud<ExpenseType>({
  table: 'expense_types',
  entity: 'expense_type',
  columns: { expancetype: 'expancetype', status: 'status' },
  notFound: apiMessages.expenseTypeNotFound,
  inUse: { column: 'expense_type_id', message: apiMessages.expenseTypeInUse },
  duplicate: apiMessages.expenseTypeTaken,
});

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
