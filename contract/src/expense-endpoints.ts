// The calls of expense types and of the three entry forms (tags expense types, entries).
import { texts } from './endpoint-texts.js';
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
import { messages } from './messages.js';

const listExpenseTypes = {
  method: 'GET',
  tag: 'expense types',
  access: 'signedIn',
  responses: { 200: ExpenseTypeList },
  errors: [],
  texts: texts(messages.failedFetchExpenseTypes, messages.errorFetchingExpenseTypes),
} as const;

export const expenseTypeEndpoints = {
  // Settings asks with a capital E, the entry forms without (docs/product.md#calls): both answer the same.
  listExpenseTypes: endpoint({
    ...listExpenseTypes,
    path: '/expance/getExpancetype',
    reads: ['expense-types', 'budgets'],
    summary: 'List every expense type (the spelling Settings uses)',
  }),
  listExpenseTypesForEntries: endpoint({
    ...listExpenseTypes,
    path: '/expance/getexpancetype',
    reads: ['expense-types'],
    summary: 'List every expense type (the spelling the entry forms use)',
  }),
  addExpenseType: endpoint({
    method: 'POST',
    path: '/expance/addexpancetype',
    changes: ['expense-types', 'activity'],
    tag: 'expense types',
    summary: 'Add expense type',
    access: 'signedIn',
    body: ExpenseTypeBody,
    responses: { 201: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddExpenseType, messages.errorAddingExpenseType),
  }),
  updateExpenseType: endpoint({
    method: 'PUT',
    path: '/expance/updateexpancetype/:id',
    changes: ['expense-types', 'activity'],
    tag: 'expense types',
    summary: 'Change expense type',
    access: 'signedIn',
    params: IdParams,
    body: ExpenseTypeBody,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateExpenseType, messages.errorUpdatingExpenseType),
  }),
  deleteExpenseType: endpoint({
    method: 'DELETE',
    path: '/expance/deleteexpance/:id',
    changes: ['expense-types', 'activity'],
    tag: 'expense types',
    summary: 'Delete expense type that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteExpenseType, messages.errorDeletingExpenseType),
  }),
  toggleExpenseTypeStatus: endpoint({
    method: 'PUT',
    path: '/expance/D_A_xpancetype/:id/:currentStatus',
    changes: ['expense-types', 'activity'],
    tag: 'expense types',
    summary: 'Suspend an Active expense type, or activate any other',
    access: 'signedIn',
    params: ExpenseTypeStatusParams,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateStatus, messages.errorUpdatingStatus),
  }),
};

const addEntry = {
  method: 'POST',
  tag: 'entries',
  description:
    'Send an Idempotency-Key header to make the submission safe to repeat: the same key ' +
    'answers with the first entry and records nothing new.',
  access: 'signedIn',
  headers: IdempotencyHeaders,
  // 201 records the entry; 200 answers a repeated Idempotency-Key with the entry already made.
  responses: { 200: EntryMutation, 201: EntryMutation },
  errors: [404, 409],
} as const;

export const entryEndpoints = {
  addExpense: endpoint({
    ...addEntry,
    path: '/expance/addexpance',
    changes: ['entries', 'activity'],
    summary: 'Record an expense (Credit only, Active expense types only)',
    body: ExpenseEntryBody,
    texts: texts(messages.failedAddExpenseEntry, messages.errorSubmittingExpense),
  }),
  addIncome: endpoint({
    ...addEntry,
    path: '/incoms/addIncome',
    changes: ['entries', 'activity'],
    summary: 'Record income: Debit bills the client, Credit records a payment received',
    body: IncomeEntryBody,
    texts: texts(messages.failedAddIncomeEntry, messages.errorSubmittingIncome),
  }),
  addSalary: endpoint({
    ...addEntry,
    path: '/expance/addsalery',
    changes: ['entries', 'activity'],
    summary: 'Record a salary payment (Credit only)',
    body: SalaryEntryBody,
    texts: texts(messages.failedAddSalaryEntry, messages.errorSubmittingSalary),
  }),
};
