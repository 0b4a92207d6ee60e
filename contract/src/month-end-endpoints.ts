// The calls of month-end (issue 34): budgets, Budget vs actual, receivables aging, the month-end
// checklist, its close and its pack, with their Excel and PDF downloads.
import { IdParams } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { texts } from './endpoint-texts.js';
import { PdfBytes, PDF_MEDIA_TYPE, XlsxBytes, XLSX_MEDIA_TYPE } from './exports.js';
import { messages } from './messages.js';
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

const EXCEL = texts(messages.failedDownloadExcel, messages.errorDownloadingExcel);
const PDF = texts(messages.failedDownloadPdf, messages.errorDownloadingPdf);
const BUDGET = texts(m.failedLoadBudget, m.errorLoadingBudget);
const RECEIVABLES = texts(m.failedLoadReceivables, m.errorLoadingReceivables);
const excel = (fileName: string) =>
  ({ mediaType: XLSX_MEDIA_TYPE, fileName: `${fileName}.xlsx` }) as const;
const pdf = (fileName: string) =>
  ({ mediaType: PDF_MEDIA_TYPE, fileName: `${fileName}.pdf` }) as const;

export const monthEndEndpoints = {
  setExpenseTypeBudget: endpoint({
    method: 'PUT',
    path: '/expance/:id/budget',
    tag: 'budgets',
    summary: "Set an expense type's budget: one monthly amount, or twelve for a year (admins only)",
    description:
      '`{ monthly }` sets (null removes) the amount for every month; `{ year, months }` sets ' +
      'each month of a year, which then takes the place of the monthly amount for that year.',
    access: 'admin',
    adminsOnly: m.adminsOnlyBudgets,
    params: IdParams,
    body: BudgetBody,
    responses: { 200: BudgetSaved },
    errors: [404],
    texts: texts(m.failedSaveBudget, m.errorSavingBudget),
  }),
  getExpenseTypeBudget: endpoint({
    method: 'GET',
    path: '/expance/:id/budget',
    tag: 'budgets',
    summary: "How much of a month's budget an expense type has used (default: this month)",
    access: 'signedIn',
    params: IdParams,
    query: BudgetUseQuery,
    responses: { 200: BudgetUse },
    errors: [404],
    texts: BUDGET,
  }),
  getBudgetReport: endpoint({
    method: 'GET',
    path: '/reports/budget',
    tag: 'reports',
    summary: 'Budget vs actual per expense type for a month or a year to date',
    description: 'Exactly one of `month` (YYYY-MM) and `year` (YYYY).',
    access: 'signedIn',
    query: BudgetReportQuery,
    responses: { 200: BudgetReport },
    errors: [],
    texts: BUDGET,
  }),
  budgetReportExcel: endpoint({
    method: 'GET',
    path: '/reports/budget/excel',
    tag: 'reports',
    summary: 'Budget vs actual as an Excel file',
    access: 'signedIn',
    query: BudgetReportQuery,
    responses: { 200: XlsxBytes },
    file: excel('budget-vs-actual'),
    errors: [],
    texts: EXCEL,
  }),
  budgetReportPdf: endpoint({
    method: 'GET',
    path: '/reports/budget/pdf',
    tag: 'reports',
    summary: 'Budget vs actual as an A4 PDF',
    access: 'signedIn',
    query: BudgetReportQuery,
    responses: { 200: PdfBytes },
    file: pdf('budget-vs-actual'),
    errors: [],
    texts: PDF,
  }),
  getOverBudget: endpoint({
    method: 'GET',
    path: '/dashboard/over-budget',
    tag: 'reports',
    summary: 'The expense types over budget this month (the dashboard)',
    access: 'signedIn',
    responses: { 200: OverBudget },
    errors: [],
    texts: BUDGET,
  }),
  getReceivables: endpoint({
    method: 'GET',
    path: '/reports/receivables',
    tag: 'reports',
    summary: 'What each client owes on a day, by the age of the invoices not yet paid',
    description:
      'Payments (income Credit) cover invoices (income Debit) oldest first; reversals cancel ' +
      'what they reverse. Default: today.',
    access: 'signedIn',
    query: ReceivablesQuery,
    responses: { 200: Receivables },
    errors: [],
    texts: RECEIVABLES,
  }),
  receivablesExcel: endpoint({
    method: 'GET',
    path: '/reports/receivables/excel',
    tag: 'reports',
    summary: 'Receivables aging as an Excel file',
    access: 'signedIn',
    query: ReceivablesQuery,
    responses: { 200: XlsxBytes },
    file: excel('receivables-aging'),
    errors: [],
    texts: EXCEL,
  }),
  receivablesPdf: endpoint({
    method: 'GET',
    path: '/reports/receivables/pdf',
    tag: 'reports',
    summary: 'Receivables aging as an A4 PDF',
    access: 'signedIn',
    query: ReceivablesQuery,
    responses: { 200: PdfBytes },
    file: pdf('receivables-aging'),
    errors: [],
    texts: PDF,
  }),
  getMonthEnd: endpoint({
    method: 'GET',
    path: '/month-end',
    tag: 'month end',
    summary: 'What is still open for a month, each item with its count and the link that lists it',
    access: 'signedIn',
    query: MonthQuery,
    responses: { 200: MonthEnd },
    errors: [],
    texts: texts(m.failedLoadMonthEnd, m.errorLoadingMonthEnd),
  }),
  closeMonth: endpoint({
    method: 'POST',
    path: '/month-end/close',
    tag: 'month end',
    summary: 'Close a month: books closed through its last day (admins only)',
    description:
      'Refused (409) before the month has ended, when it is already closed, and while an ' +
      'earlier month is still open. The Activity records who closed it with the open counts.',
    access: 'admin',
    adminsOnly: m.adminsOnlyClose,
    body: MonthCloseBody,
    responses: { 200: MonthClosed },
    errors: [409],
    texts: texts(m.failedCloseMonth, m.errorClosingMonth),
  }),
  monthEndPackPdf: endpoint({
    method: 'GET',
    path: '/month-end/pack.pdf',
    tag: 'month end',
    summary:
      'The month-end pack: Finance and Expense Vs Type against the month before, Budget vs ' +
      'actual, Receivables aging on the last day and the open items, one PDF',
    access: 'signedIn',
    query: MonthQuery,
    responses: { 200: PdfBytes },
    file: pdf('month-end-pack'),
    errors: [],
    texts: PDF,
  }),
  monthEndPackExcel: endpoint({
    method: 'GET',
    path: '/month-end/pack.xlsx',
    tag: 'month end',
    summary: 'The month-end pack as one Excel workbook, one sheet per part',
    access: 'signedIn',
    query: MonthQuery,
    responses: { 200: XlsxBytes },
    file: excel('month-end-pack'),
    errors: [],
    texts: EXCEL,
  }),
};
