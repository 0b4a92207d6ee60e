// The calls of expense types and of the three entry forms (tags expense types, entries).
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import {
  EntryMutation,
  ExpenseEntryBody,
  ExpenseTypeBody,
  ExpenseTypeList,
  ExpenseTypeMutation,
  ExpenseTypeStatusParams,
  IdempotencyHeaders,
  IncomeEntryBody,
  SalaryEntryBody,
} from './expenses.js';
import { expenseTypeRoutes, entryRoutes } from './expense-routes.js';

const listExpenseTypes = {
  tag: 'expense types',
  responses: { 200: ExpenseTypeList },
  errors: [],
} as const;

export const expenseTypeEndpoints = {
  // Settings asks with a capital E, the entry forms without (docs/product.md#calls): both answer the same.
  listExpenseTypes: endpoint({
    ...expenseTypeRoutes.listExpenseTypes,
    ...listExpenseTypes,
    summary: 'List every expense type (the spelling Settings uses)',
  }),
  listExpenseTypesForEntries: endpoint({
    ...expenseTypeRoutes.listExpenseTypesForEntries,
    ...listExpenseTypes,
    summary: 'List every expense type (the spelling the entry forms use)',
  }),
  addExpenseType: endpoint({
    ...expenseTypeRoutes.addExpenseType,
    tag: 'expense types',
    summary: 'Add expense type',
    body: ExpenseTypeBody,
    responses: { 201: ExpenseTypeMutation },
    errors: [404, 409],
  }),
  updateExpenseType: endpoint({
    ...expenseTypeRoutes.updateExpenseType,
    tag: 'expense types',
    summary: 'Change expense type',
    params: IdParams,
    body: ExpenseTypeBody,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
  }),
  deleteExpenseType: endpoint({
    ...expenseTypeRoutes.deleteExpenseType,
    tag: 'expense types',
    summary: 'Delete expense type that has no entries',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
  toggleExpenseTypeStatus: endpoint({
    ...expenseTypeRoutes.toggleExpenseTypeStatus,
    tag: 'expense types',
    summary: 'Suspend an Active expense type, or activate any other',
    params: ExpenseTypeStatusParams,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
  }),
};

const addEntry = {
  tag: 'entries',
  description:
    'Send an Idempotency-Key header to make the submission safe to repeat: the same key ' +
    'answers with the first entry and records nothing new.',
  headers: IdempotencyHeaders,
  // 201 records the entry; 200 answers a repeated Idempotency-Key with the entry already made.
  responses: { 200: EntryMutation, 201: EntryMutation },
  errors: [404, 409],
} as const;

export const entryEndpoints = {
  addExpense: endpoint({
    ...entryRoutes.addExpense,
    ...addEntry,
    summary: 'Record an expense (Credit only, Active expense types only)',
    body: ExpenseEntryBody,
  }),
  addIncome: endpoint({
    ...entryRoutes.addIncome,
    ...addEntry,
    summary: 'Record income: Debit bills the client, Credit records a payment received',
    body: IncomeEntryBody,
  }),
  addSalary: endpoint({
    ...entryRoutes.addSalary,
    ...addEntry,
    summary: 'Record a salary payment (Credit only)',
    body: SalaryEntryBody,
  }),
};
