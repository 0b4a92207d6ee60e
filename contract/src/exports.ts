// What goes out (issue 22): the Excel and PDF downloads of every report, ledger and the Journal,
// each headed by the company's details (company.ts). Each download takes the same query as the
// JSON (or CSV) call it mirrors, without paging.
import { Type, type Static } from '@sinclair/typebox';
import { Id, OptionalDate } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { JournalTotalsQuery } from './journal.js';
import {
  DateRangeQuery,
  FinanceQuery,
  IncomeReportQuery,
  ReportRangeQuery,
  YearlyQuery,
} from './reports.js';
import { exportRoutes } from './exports-routes.js';
export { XLSX_MEDIA_TYPE, PDF_MEDIA_TYPE } from './exports-routes.js';

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

export const XlsxBytes = Type.String({ description: 'An Excel workbook (.xlsx)' });
export const PdfBytes = Type.String({ description: 'A PDF document (A4)' });

const EXCEL_NOTE =
  'An .xlsx file: a header block (company, title, filters, who and when), amounts as numbers ' +
  'in #,##0.00, dates as dates, text as text (never a formula), a totals row, the header row ' +
  'frozen and filterable.';

export const exportEndpoints = {
  journalExcel: endpoint({
    ...exportRoutes.journalExcel,
    tag: 'journal',
    summary: 'Every matching entry as an Excel file, streamed, ending with a totals row',
    description: EXCEL_NOTE,
    query: JournalTotalsQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  financeExcel: endpoint({
    ...exportRoutes.financeExcel,
    tag: 'reports',
    summary: 'The Finance Report as an Excel file',
    description: EXCEL_NOTE,
    query: FinanceQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  totalsExcel: endpoint({
    ...exportRoutes.totalsExcel,
    tag: 'reports',
    summary: 'The Totals Report (head-counts) as an Excel file',
    description: EXCEL_NOTE,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  clientsVsSalesExcel: endpoint({
    ...exportRoutes.clientsVsSalesExcel,
    tag: 'reports',
    summary: 'Clients Vs Sales as an Excel file',
    description: EXCEL_NOTE,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  employeesVsSalaryExcel: endpoint({
    ...exportRoutes.employeesVsSalaryExcel,
    tag: 'reports',
    summary: 'Employees Vs Salary as an Excel file',
    description: EXCEL_NOTE,
    query: ReportRangeQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  expenseVsTypeExcel: endpoint({
    ...exportRoutes.expenseVsTypeExcel,
    tag: 'reports',
    summary: 'Expense Vs Type as an Excel file',
    description: EXCEL_NOTE,
    query: ReportRangeQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  incomeReportExcel: endpoint({
    ...exportRoutes.incomeReportExcel,
    tag: 'reports',
    summary: 'The Income Report as an Excel file',
    description: EXCEL_NOTE,
    query: IncomeReportQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  yearlyExcel: endpoint({
    ...exportRoutes.yearlyExcel,
    tag: 'reports',
    summary: 'The Yearly Report as an Excel file',
    description: EXCEL_NOTE,
    query: YearlyQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  clientLedgerExcel: endpoint({
    ...exportRoutes.clientLedgerExcel,
    tag: 'ledgers',
    summary: "A client's ledger as an Excel file, with the opening balance (default: this month)",
    description: EXCEL_NOTE,
    query: ClientLedgerExportQuery,
    responses: { 200: XlsxBytes },
    errors: [404, 429],
  }),
  employeeLedgerExcel: endpoint({
    ...exportRoutes.employeeLedgerExcel,
    tag: 'ledgers',
    summary: "An employee's ledger as an Excel file, with the opening balance",
    description: EXCEL_NOTE,
    query: EmployeeLedgerExportQuery,
    responses: { 200: XlsxBytes },
    errors: [404, 429],
  }),
  expenseLedgerExcel: endpoint({
    ...exportRoutes.expenseLedgerExcel,
    tag: 'ledgers',
    summary: 'The expense ledger as an Excel file, with the opening balance',
    description: EXCEL_NOTE,
    query: ExpenseLedgerExportQuery,
    responses: { 200: XlsxBytes },
    errors: [429],
  }),
  clientLedgerPdf: endpoint({
    ...exportRoutes.clientLedgerPdf,
    tag: 'ledgers',
    summary: "A client's statement as an A4 PDF on the company's letterhead",
    description:
      'The party, the period, the opening balance, every entry with its running balance, the ' +
      'closing balance; page numbers, and the table header repeated on every page.',
    query: ClientLedgerExportQuery,
    responses: { 200: PdfBytes },
    errors: [404, 429],
  }),
  employeeLedgerPdf: endpoint({
    ...exportRoutes.employeeLedgerPdf,
    tag: 'ledgers',
    summary: "An employee's statement as an A4 PDF on the company's letterhead",
    query: EmployeeLedgerExportQuery,
    responses: { 200: PdfBytes },
    errors: [404, 429],
  }),
  expenseLedgerPdf: endpoint({
    ...exportRoutes.expenseLedgerPdf,
    tag: 'ledgers',
    summary: 'The expense ledger as an A4 PDF on the company letterhead',
    query: ExpenseLedgerExportQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
  yearlyPdf: endpoint({
    ...exportRoutes.yearlyPdf,
    tag: 'reports',
    summary: 'The Yearly Report on one A4 page',
    query: YearlyQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
  employeesVsSalaryPdf: endpoint({
    ...exportRoutes.employeesVsSalaryPdf,
    tag: 'reports',
    summary: 'Employees Vs Salary as an A4 PDF, beside another period with `compare`',
    query: ReportRangeQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
  expenseVsTypePdf: endpoint({
    ...exportRoutes.expenseVsTypePdf,
    tag: 'reports',
    summary: 'Expense Vs Type as an A4 PDF, beside another period with `compare`',
    query: ReportRangeQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
  incomeReportPdf: endpoint({
    ...exportRoutes.incomeReportPdf,
    tag: 'reports',
    summary: 'The Income Report as an A4 PDF, beside another period with `compare`',
    query: IncomeReportQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
  financePdf: endpoint({
    ...exportRoutes.financePdf,
    tag: 'reports',
    summary: 'The Finance Report as an A4 PDF',
    query: FinanceQuery,
    responses: { 200: PdfBytes },
    errors: [429],
  }),
};
