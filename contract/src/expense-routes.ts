// The browser's half of the calls of expense-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const expenseTypeRoutes = {
  listExpenseTypes: route({
    method: 'GET',
    access: 'signedIn',
    texts: texts(messages.failedFetchExpenseTypes, messages.errorFetchingExpenseTypes),
    path: '/expance/getExpancetype',
    reads: ['expense-types', 'budgets'],
  }),
  listExpenseTypesForEntries: route({
    method: 'GET',
    access: 'signedIn',
    texts: texts(messages.failedFetchExpenseTypes, messages.errorFetchingExpenseTypes),
    path: '/expance/getexpancetype',
    reads: ['expense-types'],
  }),
  addExpenseType: route({
    method: 'POST',
    path: '/expance/addexpancetype',
    changes: ['expense-types', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAddExpenseType, messages.errorAddingExpenseType),
  }),
  updateExpenseType: route({
    method: 'PUT',
    path: '/expance/updateexpancetype/:id',
    changes: ['expense-types', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedUpdateExpenseType, messages.errorUpdatingExpenseType),
  }),
  deleteExpenseType: route({
    method: 'DELETE',
    path: '/expance/deleteexpance/:id',
    changes: ['expense-types', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedDeleteExpenseType, messages.errorDeletingExpenseType),
  }),
  toggleExpenseTypeStatus: route({
    method: 'PUT',
    path: '/expance/D_A_xpancetype/:id/:currentStatus',
    changes: ['expense-types', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedUpdateStatus, messages.errorUpdatingStatus),
  }),
};

export const entryRoutes = {
  addExpense: route({
    method: 'POST',
    access: 'signedIn',
    path: '/expance/addexpance',
    changes: ['entries', 'activity'],
    texts: texts(messages.failedAddExpenseEntry, messages.errorSubmittingExpense),
  }),
  addIncome: route({
    method: 'POST',
    access: 'signedIn',
    path: '/incoms/addIncome',
    changes: ['entries', 'activity'],
    texts: texts(messages.failedAddIncomeEntry, messages.errorSubmittingIncome),
  }),
  addSalary: route({
    method: 'POST',
    access: 'signedIn',
    path: '/expance/addsalery',
    changes: ['entries', 'activity'],
    texts: texts(messages.failedAddSalaryEntry, messages.errorSubmittingSalary),
  }),
};
