// The browser's half of the calls of report-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

/** Reports and dashboard figures: one text whatever went wrong (docs/product.md#messages). */
export const DATA = texts(messages.errorFetchingData);

export const reportRoutes = {
  getTotals: route({
    method: 'GET',
    path: '/dashboard/totals',
    reads: ['users', 'employees', 'clients'],
    access: 'signedIn',
    texts: DATA,
  }),
  getFinance: route({
    method: 'GET',
    path: '/dashboard/finance',
    reads: ['entries'],
    access: 'signedIn',
    texts: DATA,
  }),
  getClientsVsSales: route({
    method: 'GET',
    path: '/dashboard/getClientsVsSales',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    texts: DATA,
  }),
  getEmployeesVsSalary: route({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    texts: DATA,
  }),
  getExpenseVsType: route({
    method: 'GET',
    path: '/dashboard/getExpenseVsType',
    reads: ['entries', 'expense-types'],
    access: 'signedIn',
    texts: DATA,
  }),
  getIncomeReport: route({
    method: 'GET',
    path: '/dashboard/getIncomeReport',
    reads: ['entries'],
    access: 'signedIn',
    texts: DATA,
  }),
  getYearly: route({
    method: 'GET',
    path: '/dashboard/yearly',
    reads: ['entries'],
    access: 'signedIn',
    texts: DATA,
  }),
};

export const ledgerRoutes = {
  getClientLedger: route({
    method: 'GET',
    path: '/dashboard/getClientLedger',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedger),
  }),
  getEmployeeLedger: route({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
  getExpenseLedger: route({
    method: 'GET',
    path: '/dashboard/getExpenseLedger',
    reads: ['entries', 'expense-types'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
  getLedgerOpening: route({
    method: 'GET',
    path: '/ledgers/opening',
    reads: ['entries'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listPartyBalances: route({
    method: 'GET',
    path: '/ledgers/balances',
    reads: ['entries', 'clients', 'employees', 'expense-types'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
};

export const pagedLedgerRoutes = {
  listClientLedger: route({
    method: 'GET',
    path: '/ledgers/client',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedger),
  }),
  listEmployeeLedger: route({
    method: 'GET',
    path: '/ledgers/employee',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listExpenseLedger: route({
    method: 'GET',
    path: '/ledgers/expense',
    reads: ['entries', 'expense-types'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingLedgerData),
  }),
};
