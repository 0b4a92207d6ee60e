// What goes out (issue 22): the company details every Excel and PDF header carries (Settings,
// Company), and the Excel and PDF downloads of every report, ledger and the Journal. Each
// download takes the same query as the JSON (or CSV) call it mirrors, without paging.
import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, Name, OptionalDate, OptionalText } from './common.js';
import { defineEndpoint as endpoint, type EndpointTexts } from './endpoint.js';
import { JournalTotalsQuery } from './journal.js';
import { apiMessages, messages } from './messages.js';
import {
  DateRangeQuery,
  FinanceQuery,
  IncomeReportQuery,
  ReportRangeQuery,
  YearlyQuery,
} from './reports.js';

/** The largest logo accepted, in bytes (it travels as base64 inside a JSON body). */
export const LOGO_MAX_BYTES = 40 * 1024;

export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** The company's details as the Company tab edits them; every field but the name may be empty. */
export const CompanyBody = Type.Object(
  {
    name: Name(200, 'The company name, first line of every Excel and PDF header'),
    address: OptionalText(500),
    phone: OptionalText(50),
    email: Type.Optional(Type.Union([Email, Type.Literal('')])),
    taxNumber: OptionalText(50),
  },
  { additionalProperties: false },
);
export type CompanyBody = Static<typeof CompanyBody>;

export const Company = Type.Object({
  /** Empty until an admin saves the Company tab. */
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  taxNumber: Type.String(),
  /** The logo's type and size, or null without one. */
  logo: Type.Union([
    Type.Null(),
    Type.Object({
      mediaType: Type.Union(LOGO_MEDIA_TYPES.map((t) => Type.Literal(t))),
      bytes: Type.Integer(),
    }),
  ]),
});
export type Company = Static<typeof Company>;

/** A logo upload: the PNG or JPEG file's bytes in base64; its type is read from the bytes. */
export const CompanyLogoBody = Type.Object(
  {
    logo: Type.String({
      minLength: 4,
      // base64 of LOGO_MAX_BYTES, and a little room, so a slightly larger file gets the clear 400.
      maxLength: Math.ceil((LOGO_MAX_BYTES + 1024) / 3) * 4,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: `A PNG or JPEG file in base64, at most ${LOGO_MAX_BYTES} bytes`,
      // A 1x1 PNG.
      examples: [
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGMQCVjwHwADhAIEWAExyQAAAABJRU5ErkJggg==',
      ],
    }),
  },
  { additionalProperties: false },
);
export type CompanyLogoBody = Static<typeof CompanyLogoBody>;

export const CompanySaved = Type.Object({ message: Type.String(), company: Company });
export type CompanySaved = Static<typeof CompanySaved>;

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

export const companyEndpoints = {
  getCompany: endpoint({
    method: 'GET',
    path: '/settings/company',
    tag: 'settings',
    summary: 'The company details every Excel and PDF header carries',
    access: 'signedIn',
    responses: { 200: Company },
    errors: [],
    texts: texts(messages.failedLoadCompany, messages.errorLoadingCompany),
  }),
  saveCompany: endpoint({
    method: 'PUT',
    path: '/settings/company',
    tag: 'settings',
    summary: 'Change the company details (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyCompany,
    body: CompanyBody,
    responses: { 200: CompanySaved },
    errors: [],
    texts: texts(messages.failedSaveCompany, messages.errorSavingCompany),
  }),
  saveCompanyLogo: endpoint({
    method: 'PUT',
    path: '/settings/company/logo',
    tag: 'settings',
    summary: 'Set the company logo: a PNG or JPEG, checked by its bytes (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyCompany,
    body: CompanyLogoBody,
    responses: { 200: CompanySaved },
    errors: [],
    texts: texts(messages.failedSaveLogo, messages.errorSavingLogo),
  }),
  removeCompanyLogo: endpoint({
    method: 'DELETE',
    path: '/settings/company/logo',
    tag: 'settings',
    summary: 'Remove the company logo (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyCompany,
    responses: { 200: CompanySaved },
    errors: [],
    texts: texts(messages.failedSaveLogo, messages.errorSavingLogo),
  }),
};

const EXCEL_NOTE =
  'An .xlsx file: a header block (company, title, filters, who and when), amounts as numbers ' +
  'in #,##0.00, dates as dates, text as text (never a formula), a totals row, the header row ' +
  'frozen and filterable.';

export const exportEndpoints = {
  journalExcel: endpoint({
    method: 'GET',
    path: '/journal/excel',
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
