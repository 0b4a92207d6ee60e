// The party each kind of entry is recorded against: its table, the column holding its name, the
// column of `entries` that points at it, its kind of record, and the answer when it does not exist.
import { apiMessages } from 'contract';

/** Where each kind's party lives, and which column of `entries` points at it. */
export const parties = {
  income: {
    table: 'clients',
    name: 'name',
    column: 'client_id',
    recordKind: 'client',
    missing: apiMessages.clientNotFound,
  },
  salary: {
    table: 'employees',
    name: 'name',
    column: 'employee_id',
    recordKind: 'employee',
    missing: apiMessages.employeeNotFound,
  },
  expense: {
    table: 'expense_types',
    name: 'expancetype',
    column: 'expense_type_id',
    recordKind: 'expenseType',
    missing: apiMessages.expenseTypeNotFound,
  },
} as const;
