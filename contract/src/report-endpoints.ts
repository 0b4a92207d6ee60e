// The calls of reports and ledgers, whole and a page at a time (tags reports, ledgers).
import { defineEndpoint as endpoint } from './endpoint.js';
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
import { reportRoutes, ledgerRoutes, pagedLedgerRoutes } from './report-routes.js';

export const reportEndpoints = {
  getTotals: endpoint({
    ...reportRoutes.getTotals,
    tag: 'reports',
    summary: 'Head-counts: admins, employees, clients',
    responses: { 200: Totals },
    errors: [],
  }),
  getFinance: endpoint({
    ...reportRoutes.getFinance,
    tag: 'reports',
    summary: 'Income received, salary and expense paid in a range (default: this month)',
    query: FinanceQuery,
    responses: { 200: Finance },
    errors: [],
  }),
  getClientsVsSales: endpoint({
    ...reportRoutes.getClientsVsSales,
    tag: 'reports',
    summary: 'Per client: total billed (Debit), received (Credit) and pending',
    responses: { 200: ClientsVsSales },
    errors: [],
  }),
  getEmployeesVsSalary: endpoint({
    ...reportRoutes.getEmployeesVsSalary,
    tag: 'reports',
    summary: 'Salary paid per employee in a range (empty dates: all time)',
    query: ReportRangeQuery,
    responses: { 200: EmployeesVsSalary },
    errors: [],
  }),
  getExpenseVsType: endpoint({
    ...reportRoutes.getExpenseVsType,
    tag: 'reports',
    summary: 'Expense per expense type in a range (default: this month)',
    query: ReportRangeQuery,
    responses: { 200: ExpenseVsType },
    errors: [],
  }),
  getIncomeReport: endpoint({
    ...reportRoutes.getIncomeReport,
    tag: 'reports',
    summary: 'Income received per day',
    query: IncomeReportQuery,
    responses: { 200: IncomeReport },
    errors: [],
  }),
  getYearly: endpoint({
    ...reportRoutes.getYearly,
    tag: 'reports',
    summary: 'Income, salary, expense and profit/loss for each month of a year',
    query: YearlyQuery,
    responses: { 200: Yearly },
    errors: [],
  }),
};

export const ledgerEndpoints = {
  getClientLedger: endpoint({
    ...ledgerRoutes.getClientLedger,
    tag: 'ledgers',
    summary: "A client's entries with running balance (default: this month)",
    query: ClientLedgerQuery,
    responses: { 200: ClientLedger },
    errors: [404],
  }),
  getEmployeeLedger: endpoint({
    ...ledgerRoutes.getEmployeeLedger,
    tag: 'ledgers',
    summary: "An employee's salary entries with running total (default: this month)",
    query: EmployeeLedgerQuery,
    responses: { 200: EmployeeLedger },
    errors: [404],
  }),
  getExpenseLedger: endpoint({
    ...ledgerRoutes.getExpenseLedger,
    tag: 'ledgers',
    summary: 'Every expense entry with running total (default: this month)',
    query: ExpenseLedgerQuery,
    responses: { 200: ExpenseLedger },
    errors: [],
  }),
  getLedgerOpening: endpoint({
    ...ledgerRoutes.getLedgerOpening,
    tag: 'ledgers',
    summary: 'The balance a ledger brings forward into a range (default: this month)',
    description:
      'Every entry dated before startDate: for a client, Debit adds what is owed and Credit ' +
      'takes it off; for an employee or the expenses, what was paid. partyId names the client ' +
      'or employee; the expense ledger takes none.',
    query: LedgerOpeningQuery,
    responses: { 200: LedgerOpening },
    errors: [404],
  }),
  listPartyBalances: endpoint({
    ...ledgerRoutes.listPartyBalances,
    tag: 'ledgers',
    summary:
      "Each client's or employee's balance as their ledger ends (Manage Clients, Manage Employees)",
    description:
      'For a client, every Debit less every Credit (positive: the client owes); for an employee, ' +
      'everything paid. Read from the monthly roll-ups: one row per party with entries.',
    query: PartyBalancesQuery,
    responses: { 200: PartyBalances },
    errors: [],
  }),
};

/** The ledgers a page at a time, paged as every list is (`after` the previous page's `next`). */
export const pagedLedgerEndpoints = {
  listClientLedger: endpoint({
    ...pagedLedgerRoutes.listClientLedger,
    tag: 'ledgers',
    summary: "A client's ledger a page at a time (default: this month)",
    description:
      "The rows and running balances of the spec's getClientLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    query: ClientLedgerPageQuery,
    responses: { 200: ClientLedgerPage },
    errors: [404],
  }),
  listEmployeeLedger: endpoint({
    ...pagedLedgerRoutes.listEmployeeLedger,
    tag: 'ledgers',
    summary: "An employee's ledger a page at a time (default: this month)",
    description:
      "The rows and running totals of the spec's getEmployeeLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    query: EmployeeLedgerPageQuery,
    responses: { 200: EmployeeLedgerPage },
    errors: [404],
  }),
  listExpenseLedger: endpoint({
    ...pagedLedgerRoutes.listExpenseLedger,
    tag: 'ledgers',
    summary: 'The expense ledger a page at a time (default: this month)',
    description:
      "The rows and running totals of the spec's getExpenseLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    query: ExpenseLedgerPageQuery,
    responses: { 200: ExpenseLedgerPage },
    errors: [],
  }),
};
