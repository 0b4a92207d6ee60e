// The browser's half of the calls of month-end-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from './exports-routes.js';
import { messages } from './messages.js';
import { monthEndMessages as m } from './month-end-messages.js';
import { defineRoute as route } from './endpoint.js';

export const EXCEL = texts(messages.failedDownloadExcel, messages.errorDownloadingExcel);
export const PDF = texts(messages.failedDownloadPdf, messages.errorDownloadingPdf);
export const BUDGET = texts(m.failedLoadBudget, m.errorLoadingBudget);
export const RECEIVABLES = texts(m.failedLoadReceivables, m.errorLoadingReceivables);
export const excel = (fileName: string) =>
  ({ mediaType: XLSX_MEDIA_TYPE, fileName: `${fileName}.xlsx` }) as const;
export const pdf = (fileName: string) =>
  ({ mediaType: PDF_MEDIA_TYPE, fileName: `${fileName}.pdf` }) as const;

export const monthEndRoutes = {
  setExpenseTypeBudget: route({
    method: 'PUT',
    path: '/expance/:id/budget',
    changes: ['budgets', 'activity'],
    access: 'admin',
    texts: texts(m.failedSaveBudget, m.errorSavingBudget),
  }),
  getExpenseTypeBudget: route({
    method: 'GET',
    path: '/expance/:id/budget',
    reads: ['entries', 'budgets'],
    access: 'signedIn',
    texts: BUDGET,
  }),
  getBudgetReport: route({
    method: 'GET',
    path: '/reports/budget',
    reads: ['entries', 'budgets', 'expense-types'],
    access: 'signedIn',
    texts: BUDGET,
  }),
  budgetReportExcel: route({
    method: 'GET',
    path: '/reports/budget/excel',
    reads: ['entries', 'budgets', 'expense-types'],
    access: 'signedIn',
    file: excel('budget-vs-actual'),
    texts: EXCEL,
  }),
  budgetReportPdf: route({
    method: 'GET',
    path: '/reports/budget/pdf',
    reads: ['entries', 'budgets', 'expense-types', 'settings'],
    access: 'signedIn',
    file: pdf('budget-vs-actual'),
    texts: PDF,
  }),
  getOverBudget: route({
    method: 'GET',
    path: '/dashboard/over-budget',
    reads: ['entries', 'budgets', 'expense-types'],
    access: 'signedIn',
    texts: BUDGET,
  }),
  getReceivables: route({
    method: 'GET',
    path: '/reports/receivables',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    texts: RECEIVABLES,
  }),
  receivablesExcel: route({
    method: 'GET',
    path: '/reports/receivables/excel',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    file: excel('receivables-aging'),
    texts: EXCEL,
  }),
  receivablesPdf: route({
    method: 'GET',
    path: '/reports/receivables/pdf',
    reads: ['entries', 'clients', 'settings'],
    access: 'signedIn',
    file: pdf('receivables-aging'),
    texts: PDF,
  }),
  getMonthEnd: route({
    method: 'GET',
    path: '/month-end',
    reads: ['entries', 'closing', 'receipts', 'recurring', 'employees', 'bank-lines', 'accounts'],
    access: 'signedIn',
    texts: texts(m.failedLoadMonthEnd, m.errorLoadingMonthEnd),
  }),
  closeMonth: route({
    method: 'POST',
    path: '/month-end/close',
    changes: ['closing', 'activity'],
    access: 'admin',
    texts: texts(m.failedCloseMonth, m.errorClosingMonth),
  }),
  monthEndPackPdf: route({
    method: 'GET',
    path: '/month-end/pack.pdf',
    reads: [
      'entries',
      'closing',
      'receipts',
      'recurring',
      'employees',
      'bank-lines',
      'accounts',
      'settings',
    ],
    access: 'signedIn',
    file: pdf('month-end-pack'),
    texts: PDF,
  }),
  monthEndPackExcel: route({
    method: 'GET',
    path: '/month-end/pack.xlsx',
    reads: ['entries', 'closing', 'receipts', 'recurring', 'employees', 'bank-lines', 'accounts'],
    access: 'signedIn',
    file: excel('month-end-pack'),
    texts: EXCEL,
  }),
};
