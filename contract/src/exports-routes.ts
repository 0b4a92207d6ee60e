// The browser's half of the calls of exports.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { messages } from './messages.js';
import { defineRoute as route, type EndpointTexts } from './endpoint.js';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MEDIA_TYPE = 'application/pdf';
export const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });
export const EXCEL = texts(messages.failedDownloadExcel, messages.errorDownloadingExcel);
export const PDF = texts(messages.failedDownloadPdf, messages.errorDownloadingPdf);
export const excel = (fileName: string) =>
  ({ mediaType: XLSX_MEDIA_TYPE, fileName: `${fileName}.xlsx` }) as const;
export const pdf = (fileName: string) =>
  ({ mediaType: PDF_MEDIA_TYPE, fileName: `${fileName}.pdf` }) as const;

export const exportRoutes = {
  journalExcel: route({
    method: 'GET',
    path: '/journal/excel',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    file: excel('journal'),
    texts: EXCEL,
  }),
  financeExcel: route({
    method: 'GET',
    path: '/dashboard/finance/excel',
    reads: ['entries'],
    access: 'signedIn',
    file: excel('finance-report'),
    texts: EXCEL,
  }),
  totalsExcel: route({
    method: 'GET',
    path: '/dashboard/totals/excel',
    reads: ['users', 'employees', 'clients'],
    access: 'signedIn',
    file: excel('totals-report'),
    texts: EXCEL,
  }),
  clientsVsSalesExcel: route({
    method: 'GET',
    path: '/dashboard/getClientsVsSales/excel',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    file: excel('clients-vs-sales'),
    texts: EXCEL,
  }),
  employeesVsSalaryExcel: route({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary/excel',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    file: excel('employees-vs-salary'),
    texts: EXCEL,
  }),
  expenseVsTypeExcel: route({
    method: 'GET',
    path: '/dashboard/getExpenseVsType/excel',
    reads: ['entries', 'expense-types'],
    access: 'signedIn',
    file: excel('expense-vs-type'),
    texts: EXCEL,
  }),
  incomeReportExcel: route({
    method: 'GET',
    path: '/dashboard/getIncomeReport/excel',
    reads: ['entries'],
    access: 'signedIn',
    file: excel('income-report'),
    texts: EXCEL,
  }),
  yearlyExcel: route({
    method: 'GET',
    path: '/dashboard/yearly/excel',
    reads: ['entries'],
    access: 'signedIn',
    file: excel('yearly-report'),
    texts: EXCEL,
  }),
  clientLedgerExcel: route({
    method: 'GET',
    path: '/dashboard/getClientLedger/excel',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    file: excel('client-ledger'),
    texts: EXCEL,
  }),
  employeeLedgerExcel: route({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger/excel',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    file: excel('employee-ledger'),
    texts: EXCEL,
  }),
  expenseLedgerExcel: route({
    method: 'GET',
    path: '/dashboard/getExpenseLedger/excel',
    reads: ['entries', 'expense-types'],
    access: 'signedIn',
    file: excel('expense-ledger'),
    texts: EXCEL,
  }),
  clientLedgerPdf: route({
    method: 'GET',
    path: '/dashboard/getClientLedger/pdf',
    reads: ['entries', 'clients', 'settings'],
    access: 'signedIn',
    file: pdf('client-statement'),
    texts: PDF,
  }),
  employeeLedgerPdf: route({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger/pdf',
    reads: ['entries', 'employees', 'settings'],
    access: 'signedIn',
    file: pdf('employee-statement'),
    texts: PDF,
  }),
  expenseLedgerPdf: route({
    method: 'GET',
    path: '/dashboard/getExpenseLedger/pdf',
    reads: ['entries', 'expense-types', 'settings'],
    access: 'signedIn',
    file: pdf('expense-statement'),
    texts: PDF,
  }),
  yearlyPdf: route({
    method: 'GET',
    path: '/dashboard/yearly/pdf',
    reads: ['entries', 'settings'],
    access: 'signedIn',
    file: pdf('yearly-report'),
    texts: PDF,
  }),
  employeesVsSalaryPdf: route({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary/pdf',
    reads: ['entries', 'employees', 'settings'],
    access: 'signedIn',
    file: pdf('employees-vs-salary'),
    texts: PDF,
  }),
  expenseVsTypePdf: route({
    method: 'GET',
    path: '/dashboard/getExpenseVsType/pdf',
    reads: ['entries', 'expense-types', 'settings'],
    access: 'signedIn',
    file: pdf('expense-vs-type'),
    texts: PDF,
  }),
  incomeReportPdf: route({
    method: 'GET',
    path: '/dashboard/getIncomeReport/pdf',
    reads: ['entries', 'settings'],
    access: 'signedIn',
    file: pdf('income-report'),
    texts: PDF,
  }),
  financePdf: route({
    method: 'GET',
    path: '/dashboard/finance/pdf',
    reads: ['entries', 'settings'],
    access: 'signedIn',
    file: pdf('finance-report'),
    texts: PDF,
  }),
};
