// The Excel and PDF files of the Journal and the dashboard's reports: each reads what its JSON
// call reads (beside the other period when `compare` asks for one) and is drawn by exports/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  endpoints,
  type Change,
  type CompareChoice,
  type ClientsVsSalesRow,
  type EmployeesVsSalaryRow,
  type ExpenseVsTypeRow,
  type Finance,
  type IncomeReportRow,
  type YearlyRow,
} from 'contract';
import * as reports from '../../repositories/reports.js';
import { checkFilters } from '../../repositories/journal.js';
import { BEGINNING, resolveRange } from '../../lib/dates.js';
import { journalExcelInWorker } from '../../exports/journal-in-worker.js';
import { journalExcel } from '../../exports/journal-excel.js';
import {
  clientsVsSalesExcel,
  employeesVsSalaryExcel,
  expenseVsTypeExcel,
  financeExcel,
  financePdf,
  incomeReportExcel,
  totalsExcel,
  yearlyExcel,
  yearlyPdf,
} from '../../exports/documents.js';
import { NamedFile, route } from '../route.js';
import * as compared from '../../repositories/compare-reports.js';
import { comparedDays, comparedRange, comparisonOf } from '../../lib/compare.js';
import {
  comparedExcel,
  comparedLine,
  financeComparedExcel,
  figuresPdf,
  financeComparedPdf,
  yearlyComparedExcel,
  yearlyComparedPdf,
  type ComparedLine,
} from '../../exports/month-end-documents.js';
import { json, type DateRangeLike, type ExportFiles } from './files.js';

/** The Journal's and the reports' files, but the Yearly and Finance PDFs (yearAndFinancePdfs). */
export function reportDownloads(app: FastifyInstance, files: ExportFiles): void {
  const { today, ranges, rangeOrThisMonth, financeRange, context, excel, pdf } = files;

  route(app, endpoints.journalExcel, async (request) => {
    checkFilters(request.query);
    const ctx = await context(request);
    const { databaseUrl } = app.config;
    // On PostgreSQL, written in a worker thread of bounded heap (journal-in-worker.ts).
    if (databaseUrl) {
      const { db: _db, ...job } = ctx;
      return new NamedFile(
        endpoints.journalExcel.file.fileName,
        journalExcelInWorker({ ...job, databaseUrl, filters: request.query }),
      );
    }
    return excel(endpoints.journalExcel.file.fileName, journalExcel(ctx, request.query));
  });

  route(app, endpoints.financeExcel, async (request) => {
    const range = financeRange(request.query);
    const choice = comparisonOf(request.query.compare, range);
    if (choice) {
      const other = comparedRange(range, choice);
      const finance = json<Finance>(await compared.financeCompared(app.db, range, other));
      return excel(
        endpoints.financeExcel.file.fileName,
        financeComparedExcel(await context(request), range, finance),
      );
    }
    const finance = json<Finance>(await reports.finance(app.db, range));
    return excel(
      endpoints.financeExcel.file.fileName,
      financeExcel(await context(request), range, finance),
    );
  });

  route(app, endpoints.totalsExcel, async (request) =>
    excel(
      endpoints.totalsExcel.file.fileName,
      totalsExcel(await context(request), await reports.totals(app.db)),
    ),
  );

  route(app, endpoints.clientsVsSalesExcel, async (request) => {
    const rows = json<ClientsVsSalesRow[]>(await reports.clientsVsSales(app.db));
    return excel(
      endpoints.clientsVsSalesExcel.file.fileName,
      clientsVsSalesExcel(await context(request), rows),
    );
  });

  // Employees Vs Salary, Expense Vs Type and the Income Report, read once for their Excel and
  // PDF: the rows of the JSON call, beside the other period when `compare` asks for one.
  const employeesVsSalary = async (query: DateRangeLike & { compare?: CompareChoice }) => {
    const range = ranges().employeesVsSalary(query);
    const choice = comparisonOf(query.compare, range);
    const other = choice ? comparedRange(range, choice) : undefined;
    const rows = json<EmployeesVsSalaryRow[]>(
      other
        ? await compared.employeesVsSalaryCompared(app.db, range, other)
        : await reports.employeesVsSalary(app.db, range),
    );
    return {
      range,
      other,
      rows,
      title: 'Employees Vs Salary',
      headers: ['Employee', 'Total Salary'] as [string, string],
      lines: rows.map((row) => lineOf(row.employeeName, row.totalSalary, row.compare?.totalSalary)),
    };
  };
  const expenseVsType = async (query: DateRangeLike & { compare?: CompareChoice }) => {
    const range = rangeOrThisMonth(query);
    const choice = comparisonOf(query.compare, range);
    const other = choice ? comparedRange(range, choice) : undefined;
    const rows = json<ExpenseVsTypeRow[]>(
      other
        ? await compared.expenseVsTypeCompared(app.db, range, other)
        : await reports.expenseVsType(app.db, range),
    );
    return {
      range,
      other,
      rows,
      title: 'Expense Vs Type',
      headers: ['Expense type', 'Total Expense'] as [string, string],
      lines: rows.map((row) =>
        lineOf(row.expenseType, row.totalExpense, row.compare?.totalExpense),
      ),
    };
  };
  /** Every day since the first entry without dates; the range asked for (and compared) else. */
  const incomeReport = async (query: DateRangeLike & { compare?: CompareChoice }) => {
    const { startDate, endDate, compare } = query;
    const ranged = startDate || endDate || (compare !== undefined && compare !== 'none');
    const range = ranged
      ? resolveRange(['startDate', 'endDate'], startDate, endDate, { from: BEGINNING, to: today() })
      : undefined;
    const choice = range && comparisonOf(compare, range);
    const other = choice ? comparedDays(range, choice) : undefined;
    const rows = json<IncomeReportRow[]>(
      range
        ? await compared.incomeReportCompared(app.db, range, other)
        : await reports.incomeReport(app.db),
    );
    return {
      range,
      other,
      rows,
      title: 'Income Report',
      headers: ['Date', 'Total Income'] as [string, string],
      lines: rows.map((row) =>
        lineOf(
          row.compare ? `${row.date} (${row.compare.date})` : row.date,
          row.totalIncome,
          row.compare?.totalIncome,
        ),
      ),
    };
  };
  const comparedFile = async (request: FastifyRequest, report: FigureReport) =>
    comparedExcel(
      await context(request),
      report.title,
      [periodLabel(report.range!), comparedLine(report.other!)],
      report.headers,
      report.lines,
    );
  const figuresPdfOf = (report: FigureReport) =>
    figuresPdf(
      report.title,
      [
        ...(report.range ? [periodLabel(report.range)] : []),
        ...(report.other ? [comparedLine(report.other)] : []),
      ],
      report.headers,
      report.lines,
      report.other !== undefined,
    );

  route(app, endpoints.employeesVsSalaryExcel, async (request) => {
    const report = await employeesVsSalary(request.query);
    return excel(
      endpoints.employeesVsSalaryExcel.file.fileName,
      report.other
        ? await comparedFile(request, report)
        : employeesVsSalaryExcel(await context(request), report.range, report.rows),
    );
  });

  route(app, endpoints.expenseVsTypeExcel, async (request) => {
    const report = await expenseVsType(request.query);
    return excel(
      endpoints.expenseVsTypeExcel.file.fileName,
      report.other
        ? await comparedFile(request, report)
        : expenseVsTypeExcel(await context(request), report.range, report.rows),
    );
  });

  route(app, endpoints.incomeReportExcel, async (request) => {
    const report = await incomeReport(request.query);
    return excel(
      endpoints.incomeReportExcel.file.fileName,
      report.other
        ? await comparedFile(request, report)
        : incomeReportExcel(await context(request), report.rows),
    );
  });

  route(app, endpoints.employeesVsSalaryPdf, async (request) => {
    const report = await employeesVsSalary(request.query);
    const ctx = await context(request);
    return pdf(endpoints.employeesVsSalaryPdf.file.fileName, ctx, figuresPdfOf(report));
  });

  route(app, endpoints.expenseVsTypePdf, async (request) => {
    const report = await expenseVsType(request.query);
    const ctx = await context(request);
    return pdf(endpoints.expenseVsTypePdf.file.fileName, ctx, figuresPdfOf(report));
  });

  route(app, endpoints.incomeReportPdf, async (request) => {
    const report = await incomeReport(request.query);
    const ctx = await context(request);
    return pdf(endpoints.incomeReportPdf.file.fileName, ctx, figuresPdfOf(report));
  });

  route(app, endpoints.yearlyExcel, async (request) => {
    const { year, compare } = request.query;
    if (compare !== undefined && compare !== 'none') {
      const rows = json<YearlyRow[]>(await compared.yearlyCompared(app.db, year));
      return excel(
        endpoints.yearlyExcel.file.fileName,
        yearlyComparedExcel(await context(request), year, rows),
      );
    }
    const rows = json<YearlyRow[]>(await reports.yearly(app.db, year));
    return excel(
      endpoints.yearlyExcel.file.fileName,
      yearlyExcel(await context(request), year, rows),
    );
  });
}

/**
 * The Yearly and Finance PDFs: registered after the ledgers' files, their place in the OpenAPI
 * document.
 */
export function yearAndFinancePdfs(app: FastifyInstance, files: ExportFiles): void {
  const { financeRange, context, pdf } = files;

  route(app, endpoints.yearlyPdf, async (request) => {
    const { year, compare } = request.query;
    const ctx = await context(request);
    if (compare !== undefined && compare !== 'none') {
      const rows = json<YearlyRow[]>(await compared.yearlyCompared(app.db, year));
      return pdf(endpoints.yearlyPdf.file.fileName, ctx, yearlyComparedPdf(year, rows));
    }
    const rows = json<YearlyRow[]>(await reports.yearly(app.db, year));
    return pdf(endpoints.yearlyPdf.file.fileName, ctx, yearlyPdf(year, rows));
  });

  route(app, endpoints.financePdf, async (request) => {
    const range = financeRange(request.query);
    const ctx = await context(request);
    const choice = comparisonOf(request.query.compare, range);
    if (choice) {
      const other = comparedRange(range, choice);
      const finance = json<Finance>(await compared.financeCompared(app.db, range, other));
      return pdf(endpoints.financePdf.file.fileName, ctx, financeComparedPdf(range, finance));
    }
    const finance = json<Finance>(await reports.finance(app.db, range));
    return pdf(endpoints.financePdf.file.fileName, ctx, financePdf(range, finance));
  });
}

const periodLabel = (range: { from: string; to: string }) => `Period: ${range.from} to ${range.to}`;

/** A report of one figure per row as its Excel and PDF read it (the range: none for all days). */
interface FigureReport {
  range?: { from: string; to: string };
  other?: { from: string; to: string };
  title: string;
  headers: [string, string];
  lines: ComparedLine[];
}

/** A compared row of a report; a row with no comparison stands against nothing. */
const lineOf = (name: string, value: number, change?: Change): ComparedLine => ({
  name,
  value,
  change: change ?? { other: 0, change: value, percent: null },
});
