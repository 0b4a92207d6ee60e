// The calls of month-end (issue 34): budgets, Budget vs actual, receivables aging, the month-end
// checklist, its close and its pack, with their Excel and PDF downloads.
import { IdParams } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { PdfBytes, XlsxBytes } from './exports.js';
import {
  BudgetBody,
  BudgetReport,
  BudgetReportQuery,
  BudgetSaved,
  BudgetUse,
  BudgetUseQuery,
  MonthClosed,
  MonthCloseBody,
  MonthEnd,
  MonthQuery,
  monthEndMessages as m,
  OverBudget,
  Receivables,
  ReceivablesQuery,
} from './month-end.js';
import { monthEndRoutes } from './month-end-routes.js';

export const monthEndEndpoints = {
  setExpenseTypeBudget: endpoint({
    ...monthEndRoutes.setExpenseTypeBudget,
    tag: 'budgets',
    summary: "Set an expense type's budget: one monthly amount, or twelve for a year (admins only)",
    description:
      '`{ monthly }` sets (null removes) the amount for every month; `{ year, months }` sets ' +
      'each month of a year, which then takes the place of the monthly amount for that year.',
    adminsOnly: m.adminsOnlyBudgets,
    params: IdParams,
    body: BudgetBody,
    responses: { 200: BudgetSaved },
    errors: [404],
  }),
  getExpenseTypeBudget: endpoint({
    ...monthEndRoutes.getExpenseTypeBudget,
    tag: 'budgets',
    summary: "How much of a month's budget an expense type has used (default: this month)",
    params: IdParams,
    query: BudgetUseQuery,
    responses: { 200: BudgetUse },
    errors: [404],
  }),
  getBudgetReport: endpoint({
    ...monthEndRoutes.getBudgetReport,
    tag: 'reports',
    summary: 'Budget vs actual per expense type for a month or a year to date',
    description: 'Exactly one of `month` (YYYY-MM) and `year` (YYYY).',
    query: BudgetReportQuery,
    responses: { 200: BudgetReport },
    errors: [],
  }),
  budgetReportExcel: endpoint({
    ...monthEndRoutes.budgetReportExcel,
    tag: 'reports',
    summary: 'Budget vs actual as an Excel file',
    query: BudgetReportQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
  budgetReportPdf: endpoint({
    ...monthEndRoutes.budgetReportPdf,
    tag: 'reports',
    summary: 'Budget vs actual as an A4 PDF',
    query: BudgetReportQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  getOverBudget: endpoint({
    ...monthEndRoutes.getOverBudget,
    tag: 'reports',
    summary: 'The expense types over budget this month (the dashboard)',
    responses: { 200: OverBudget },
    errors: [],
  }),
  getReceivables: endpoint({
    ...monthEndRoutes.getReceivables,
    tag: 'reports',
    summary: 'What each client owes on a day, by the age of the invoices not yet paid',
    description:
      'Payments (income Credit) cover invoices (income Debit) oldest first; reversals cancel ' +
      'what they reverse. Default: today.',
    query: ReceivablesQuery,
    responses: { 200: Receivables },
    errors: [],
  }),
  receivablesExcel: endpoint({
    ...monthEndRoutes.receivablesExcel,
    tag: 'reports',
    summary: 'Receivables aging as an Excel file',
    query: ReceivablesQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
  receivablesPdf: endpoint({
    ...monthEndRoutes.receivablesPdf,
    tag: 'reports',
    summary: 'Receivables aging as an A4 PDF',
    query: ReceivablesQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  getMonthEnd: endpoint({
    ...monthEndRoutes.getMonthEnd,
    tag: 'month end',
    summary: 'What is still open for a month, each item with its count and the link that lists it',
    query: MonthQuery,
    responses: { 200: MonthEnd },
    errors: [],
  }),
  closeMonth: endpoint({
    ...monthEndRoutes.closeMonth,
    tag: 'month end',
    summary: 'Close a month: books closed through its last day (admins only)',
    description:
      'Refused (409) before the month has ended, when it is already closed, and while an ' +
      'earlier month is still open. The Activity records who closed it with the open counts.',
    adminsOnly: m.adminsOnlyClose,
    body: MonthCloseBody,
    responses: { 200: MonthClosed },
    errors: [409],
  }),
  monthEndPackPdf: endpoint({
    ...monthEndRoutes.monthEndPackPdf,
    tag: 'month end',
    summary:
      'The month-end pack: Finance and Expense Vs Type against the month before, Budget vs ' +
      'actual, Receivables aging on the last day and the open items, one PDF',
    query: MonthQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  monthEndPackExcel: endpoint({
    ...monthEndRoutes.monthEndPackExcel,
    tag: 'month end',
    summary: 'The month-end pack as one Excel workbook, one sheet per part',
    query: MonthQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
};
