// What goes out (issue 22): the Excel and PDF downloads of every report, ledger and the Journal,
// each headed by the company's details (company.ts). Each download takes the same query as the
// JSON (or CSV) call it mirrors, without paging.
import { Type, type Static } from '@sinclair/typebox';
import { Id, OptionalDate } from './common.js';
import { defineEndpoint as endpoint, type EndpointTexts } from './endpoint.js';
import { JournalTotalsQuery } from './journal.js';
import { messages } from './messages.js';
import {
  DateRangeQuery,
  FinanceQuery,
  IncomeReportQuery,
  ReportRangeQuery,
  YearlyQuery,
} from './reports.js';

/** A ledger's export: the ledger's own query without paging. */
export const ClientLedgerExportQuery = Type.Object(
  { clientId: Id, startDate: OptionalDate, endDate: OptionalDate },
  { additionalProperties: false },
);
export type ClientLedgerExportQuery = Static<typeof ClientLedgerExportQuery>;
export const EmployeeLedgerExportQuery = Type.Object(
  { employeeId: Id, startDate: OptionalDate, endDate: OptionalDate },
  { additionalProperties: false },
);
export type EmployeeLedgerExportQuery = Static<typeof EmployeeLedgerExportQuery>;
export const ExpenseLedgerExportQuery = DateRangeQuery;

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MEDIA_TYPE = 'application/pdf';

export const XlsxBytes = Type.String({ description: 'An Excel workbook (.xlsx)' });
export const PdfBytes = Type.String({ description: 'A PDF document (A4)' });

const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });
const EXCEL = texts(messages.failedDownloadExcel, messages.errorDownloadingExcel);
const PDF = texts(messages.failedDownloadPdf, messages.errorDownloadingPdf);

const excel = (fileName: string) =>
  ({ mediaType: XLSX_MEDIA_TYPE, fileName: `${fileName}.xlsx` }) as const;
const pdf = (fileName: string) =>
  ({ mediaType: PDF_MEDIA_TYPE, fileName: `${fileName}.pdf` }) as const;

const EXCEL_NOTE =
  'An .xlsx file: a header block (company, title, filters, who and when), amounts as numbers ' +
  'in #,##0.00, dates as dates, text as text (never a formula), a totals row, the header row ' +
  'frozen and filterable.';

export const exportEndpoints = {
  journalExcel: endpoint({
    method: 'GET',
    path: '/journal/excel',
    reads: ['entries', 'receipts'],
    tag: 'journal',
    summary: 'Every matching entry as an Excel file, streamed, ending with a totals row',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: JournalTotalsQuery,
    responses: { 200: XlsxBytes },
    file: excel('journal'),
    errors: [429],
    texts: EXCEL,
  }),
  financeExcel: endpoint({
    method: 'GET',
    path: '/dashboard/finance/excel',
    reads: ['entries'],
    tag: 'reports',
    summary: 'The Finance Report as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: FinanceQuery,
    responses: { 200: XlsxBytes },
    file: excel('finance-report'),
    errors: [429],
    texts: EXCEL,
  }),
  totalsExcel: endpoint({
    method: 'GET',
    path: '/dashboard/totals/excel',
    reads: ['users', 'employees', 'clients'],
    tag: 'reports',
    summary: 'The Totals Report (head-counts) as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    responses: { 200: XlsxBytes },
    file: excel('totals-report'),
    errors: [429],
    texts: EXCEL,
  }),
  clientsVsSalesExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getClientsVsSales/excel',
    reads: ['entries', 'clients'],
    tag: 'reports',
    summary: 'Clients Vs Sales as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    responses: { 200: XlsxBytes },
    file: excel('clients-vs-sales'),
    errors: [429],
    texts: EXCEL,
  }),
  employeesVsSalaryExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary/excel',
    reads: ['entries', 'employees'],
    tag: 'reports',
    summary: 'Employees Vs Salary as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: XlsxBytes },
    file: excel('employees-vs-salary'),
    errors: [429],
    texts: EXCEL,
  }),
  expenseVsTypeExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseVsType/excel',
    reads: ['entries', 'expense-types'],
    tag: 'reports',
    summary: 'Expense Vs Type as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: XlsxBytes },
    file: excel('expense-vs-type'),
    errors: [429],
    texts: EXCEL,
  }),
  incomeReportExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getIncomeReport/excel',
    reads: ['entries'],
    tag: 'reports',
    summary: 'The Income Report as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: IncomeReportQuery,
    responses: { 200: XlsxBytes },
    file: excel('income-report'),
    errors: [429],
    texts: EXCEL,
  }),
  yearlyExcel: endpoint({
    method: 'GET',
    path: '/dashboard/yearly/excel',
    reads: ['entries'],
    tag: 'reports',
    summary: 'The Yearly Report as an Excel file',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: YearlyQuery,
    responses: { 200: XlsxBytes },
    file: excel('yearly-report'),
    errors: [429],
    texts: EXCEL,
  }),
  clientLedgerExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getClientLedger/excel',
    reads: ['entries', 'clients'],
    tag: 'ledgers',
    summary: "A client's ledger as an Excel file, with the opening balance (default: this month)",
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: ClientLedgerExportQuery,
    responses: { 200: XlsxBytes },
    file: excel('client-ledger'),
    errors: [404, 429],
    texts: EXCEL,
  }),
  employeeLedgerExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger/excel',
    reads: ['entries', 'employees'],
    tag: 'ledgers',
    summary: "An employee's ledger as an Excel file, with the opening balance",
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: EmployeeLedgerExportQuery,
    responses: { 200: XlsxBytes },
    file: excel('employee-ledger'),
    errors: [404, 429],
    texts: EXCEL,
  }),
  expenseLedgerExcel: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseLedger/excel',
    reads: ['entries', 'expense-types'],
    tag: 'ledgers',
    summary: 'The expense ledger as an Excel file, with the opening balance',
    description: EXCEL_NOTE,
    access: 'signedIn',
    query: ExpenseLedgerExportQuery,
    responses: { 200: XlsxBytes },
    file: excel('expense-ledger'),
    errors: [429],
    texts: EXCEL,
  }),
  clientLedgerPdf: endpoint({
    method: 'GET',
    path: '/dashboard/getClientLedger/pdf',
    reads: ['entries', 'clients', 'settings'],
    tag: 'ledgers',
    summary: "A client's statement as an A4 PDF on the company's letterhead",
    description:
      'The party, the period, the opening balance, every entry with its running balance, the ' +
      'closing balance; page numbers, and the table header repeated on every page.',
    access: 'signedIn',
    query: ClientLedgerExportQuery,
    responses: { 200: PdfBytes },
    file: pdf('client-statement'),
    errors: [404, 429],
    texts: PDF,
  }),
  employeeLedgerPdf: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger/pdf',
    reads: ['entries', 'employees', 'settings'],
    tag: 'ledgers',
    summary: "An employee's statement as an A4 PDF on the company's letterhead",
    access: 'signedIn',
    query: EmployeeLedgerExportQuery,
    responses: { 200: PdfBytes },
    file: pdf('employee-statement'),
    errors: [404, 429],
    texts: PDF,
  }),
  expenseLedgerPdf: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseLedger/pdf',
    reads: ['entries', 'expense-types', 'settings'],
    tag: 'ledgers',
    summary: 'The expense ledger as an A4 PDF on the company letterhead',
    access: 'signedIn',
    query: ExpenseLedgerExportQuery,
    responses: { 200: PdfBytes },
    file: pdf('expense-statement'),
    errors: [429],
    texts: PDF,
  }),
  yearlyPdf: endpoint({
    method: 'GET',
    path: '/dashboard/yearly/pdf',
    reads: ['entries', 'settings'],
    tag: 'reports',
    summary: 'The Yearly Report on one A4 page',
    access: 'signedIn',
    query: YearlyQuery,
    responses: { 200: PdfBytes },
    file: pdf('yearly-report'),
    errors: [429],
    texts: PDF,
  }),
  employeesVsSalaryPdf: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary/pdf',
    reads: ['entries', 'employees', 'settings'],
    tag: 'reports',
    summary: 'Employees Vs Salary as an A4 PDF, beside another period with `compare`',
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: PdfBytes },
    file: pdf('employees-vs-salary'),
    errors: [429],
    texts: PDF,
  }),
  expenseVsTypePdf: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseVsType/pdf',
    reads: ['entries', 'expense-types', 'settings'],
    tag: 'reports',
    summary: 'Expense Vs Type as an A4 PDF, beside another period with `compare`',
    access: 'signedIn',
    query: ReportRangeQuery,
    responses: { 200: PdfBytes },
    file: pdf('expense-vs-type'),
    errors: [429],
    texts: PDF,
  }),
  incomeReportPdf: endpoint({
    method: 'GET',
    path: '/dashboard/getIncomeReport/pdf',
    reads: ['entries', 'settings'],
    tag: 'reports',
    summary: 'The Income Report as an A4 PDF, beside another period with `compare`',
    access: 'signedIn',
    query: IncomeReportQuery,
    responses: { 200: PdfBytes },
    file: pdf('income-report'),
    errors: [429],
    texts: PDF,
  }),
  financePdf: endpoint({
    method: 'GET',
    path: '/dashboard/finance/pdf',
    reads: ['entries', 'settings'],
    tag: 'reports',
    summary: 'The Finance Report as an A4 PDF',
    access: 'signedIn',
    query: FinanceQuery,
    responses: { 200: PdfBytes },
    file: pdf('finance-report'),
    errors: [429],
    texts: PDF,
  }),
};
