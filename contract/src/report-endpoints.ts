// The calls of reports and ledgers, whole and a page at a time (tags reports, ledgers).
import { texts } from './endpoint-texts.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { messages } from './messages.js';
import {
  ClientLedger,
  ClientLedgerQuery,
  ClientsVsSales,
  EmployeeLedger,
  EmployeeLedgerQuery,
  EmployeesVsSalary,
  ExpenseLedger,
  ExpenseLedgerQuery,
  ExpenseVsType,
  Finance,
  LedgerOpening,
  LedgerOpeningQuery,
  PartyBalances,
  PartyBalancesQuery,
  FinanceQuery,
  IncomeReport,
  IncomeReportQuery,
  ReportRangeQuery,
  Totals,
  Yearly,
  YearlyQuery,
  ClientLedgerPage,
  ClientLedgerPageQuery,
  EmployeeLedgerPage,
  EmployeeLedgerPageQuery,
  ExpenseLedgerPage,
  ExpenseLedgerPageQuery,
} from './reports.js';

/** Reports and dashboard figures: one text whatever went wrong (docs/product.md#messages). */
const DATA = texts(messages.errorFetchingData);

export const reportEndpoints = {
  getTotals: endpoint({
    method: 'GET',
    path: '/dashboard/totals',
    tag: 'reports',
    summary: 'Head-counts: admins, employees, clients',
    access: 'signedIn',
    responses: { 200: Totals },
    errors: [],
    texts: DATA,
  }),
  getFinance: endpoint({
    method: 'GET',
    path: '/dashboard/finance',
    tag: 'reports',
    summary: 'Income received, salary and expense paid in a range (default: this month)',
    access: 'signedIn',
    query: FinanceQuery,
    responses: { 200: Finance },
    errors: [],
    texts: DATA,
  }),
  getClientsVsSales: endpoint({
    method: 'GET',
    path: '/dashboard/getClientsVsSales',
    tag: 'reports',
    summary: 'Per client: total billed (Debit), received (Credit) and pending',
    access: 'signedIn',
    responses: { 200: ClientsVsSales },
    errors: [],
    texts: DATA,
  }),
  getEmployeesVsSalary: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary',
    tag: 'reports',
    summary: 'Salary paid per employee in a range (empty dates: all time)',
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: EmployeesVsSalary },
    errors: [],
    texts: DATA,
  }),
  getExpenseVsType: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseVsType',
    tag: 'reports',
    summary: 'Expense per expense type in a range (default: this month)',
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: ExpenseVsType },
    errors: [],
    texts: DATA,
  }),
  getIncomeReport: endpoint({
    method: 'GET',
    path: '/dashboard/getIncomeReport',
    tag: 'reports',
    summary: 'Income received per day',
    access: 'signedIn',
    query: IncomeReportQuery,
    responses: { 200: IncomeReport },
    errors: [],
    texts: DATA,
  }),
  getYearly: endpoint({
    method: 'GET',
    path: '/dashboard/yearly',
    tag: 'reports',
    summary: 'Income, salary, expense and profit/loss for each month of a year',
    access: 'signedIn',
    query: YearlyQuery,
    responses: { 200: Yearly },
    errors: [],
    texts: DATA,
  }),
};

export const ledgerEndpoints = {
  getClientLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getClientLedger',
    tag: 'ledgers',
    summary: "A client's entries with running balance (default: this month)",
    access: 'signedIn',
    query: ClientLedgerQuery,
    responses: { 200: ClientLedger },
    errors: [404],
    texts: texts(messages.errorFetchingLedger),
  }),
  getEmployeeLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger',
    tag: 'ledgers',
    summary: "An employee's salary entries with running total (default: this month)",
    access: 'signedIn',
    query: EmployeeLedgerQuery,
    responses: { 200: EmployeeLedger },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  getExpenseLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseLedger',
    tag: 'ledgers',
    summary: 'Every expense entry with running total (default: this month)',
    access: 'signedIn',
    query: ExpenseLedgerQuery,
    responses: { 200: ExpenseLedger },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  getLedgerOpening: endpoint({
    method: 'GET',
    path: '/ledgers/opening',
    tag: 'ledgers',
    summary: 'The balance a ledger brings forward into a range (default: this month)',
    description:
      'Every entry dated before startDate: for a client, Debit adds what is owed and Credit ' +
      'takes it off; for an employee or the expenses, what was paid. partyId names the client ' +
      'or employee; the expense ledger takes none.',
    access: 'signedIn',
    query: LedgerOpeningQuery,
    responses: { 200: LedgerOpening },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listPartyBalances: endpoint({
    method: 'GET',
    path: '/ledgers/balances',
    tag: 'ledgers',
    summary:
      "Each client's or employee's balance as their ledger ends (Manage Clients, Manage Employees)",
    description:
      'For a client, every Debit less every Credit (positive: the client owes); for an employee, ' +
      'everything paid. Read from the monthly roll-ups: one row per party with entries.',
    access: 'signedIn',
    query: PartyBalancesQuery,
    responses: { 200: PartyBalances },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
};

/** The ledgers a page at a time, paged as every list is (`after` the previous page's `next`). */
export const pagedLedgerEndpoints = {
  listClientLedger: endpoint({
    method: 'GET',
    path: '/ledgers/client',
    tag: 'ledgers',
    summary: "A client's ledger a page at a time (default: this month)",
    description:
      "The rows and running balances of the spec's getClientLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: ClientLedgerPageQuery,
    responses: { 200: ClientLedgerPage },
    errors: [404],
    texts: texts(messages.errorFetchingLedger),
  }),
  listEmployeeLedger: endpoint({
    method: 'GET',
    path: '/ledgers/employee',
    tag: 'ledgers',
    summary: "An employee's ledger a page at a time (default: this month)",
    description:
      "The rows and running totals of the spec's getEmployeeLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: EmployeeLedgerPageQuery,
    responses: { 200: EmployeeLedgerPage },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listExpenseLedger: endpoint({
    method: 'GET',
    path: '/ledgers/expense',
    tag: 'ledgers',
    summary: 'The expense ledger a page at a time (default: this month)',
    description:
      "The rows and running totals of the spec's getExpenseLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: ExpenseLedgerPageQuery,
    responses: { 200: ExpenseLedgerPage },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
};
