// The Excel and PDF downloads of every report, ledger and the Journal (issue 22). Each takes the
// query of the JSON call it mirrors and checks it the same way (bad dates, unknown parties) before
// the first byte goes out; the file is then built by exports/ and streamed. A PDF is drawn in a
// worker thread (exports/pdf-in-worker.ts), and each user has a few exports under way at most
// (lib/export-slots.ts).
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  endpoints,
  type BudgetReport,
  type Change,
  type CompareChoice,
  type MonthEnd,
  type Receivables,
  personText,
  type ClientsVsSalesRow,
  type EmployeesVsSalaryRow,
  type ExpenseVsTypeRow,
  type Finance,
  type IncomeReportRow,
  type YearlyRow,
} from 'contract';
import * as reports from '../../repositories/reports.js';
import { checkFilters } from '../../repositories/journal.js';
import { companyWithLogo } from '../../repositories/company.js';
import { BEGINNING, monthOf, resolveRange, todayIn } from '../../lib/dates.js';
import { currentUser } from '../../plugins/auth.js';
import { excelStream } from '../../exports/excel.js';
import { journalExcelInWorker } from '../../exports/journal-in-worker.js';
import type { PdfContent } from '../../exports/pdf.js';
import { renderPdfInWorker } from '../../exports/pdf-in-worker.js';
import { monthEndPackExcelInWorker } from '../../exports/excel-in-worker.js';
import { holdExportSlot } from '../../lib/export-slots.js';
import {
  clientsVsSalesExcel,
  employeesVsSalaryExcel,
  expenseVsTypeExcel,
  financeExcel,
  financePdf,
  incomeReportExcel,
  journalExcel,
  ledgerExcel,
  ledgerPdfContent,
  totalsExcel,
  yearlyExcel,
  yearlyPdf,
  type ExcelExport,
  type ExportContext,
  type LedgerRequest,
} from '../../exports/documents.js';
import { reportRanges } from '../../lib/report-ranges.js';
import { NamedFile, route } from '../route.js';
import * as compared from '../../repositories/compare-reports.js';
import { comparedDays, comparedRange, comparisonOf } from '../../lib/compare.js';
import { budgetRange, budgetReport } from '../../repositories/budgets.js';
import { receivables } from '../../repositories/receivables.js';
import { monthEnd } from '../../repositories/month-end.js';
import { receivablesDay } from '../month-end/index.js';
import { reconciliation } from '../../statements/reconciliation.js';
import { reconciliationExcel, reconciliationPdf } from '../../exports/reconciliation-documents.js';
import { badRequest } from '../../lib/errors.js';
import { isRealDay } from '../../lib/dates.js';
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
import {
  agingLine,
  budgetExcel,
  budgetPdf,
  receivablesExcel,
  receivablesPdf,
} from '../../exports/budget-aging-documents.js';
import { monthEndPackPdf } from '../../exports/month-end-pack-pdf.js';

export const exportRoutes: FastifyPluginAsync = async (app) => {
  // Every call here is a heavy export: each takes one of its user's slots (lib/export-slots.ts),
  // once its query has passed its schema.
  app.addHook('preHandler', async (request, reply) => holdExportSlot(request, reply));
  const today = () => todayIn(app.config.timeZone);
  // The same defaults as the JSON calls (lib/report-ranges.ts): a file covers what its screen shows.
  const ranges = () => reportRanges(today());
  const rangeOrThisMonth = (query: { startDate?: string; endDate?: string }) =>
    ranges().thisMonth(query);
  const financeRange = (query: { from?: string; to?: string }) => ranges().finance(query);

  const context = async (request: FastifyRequest): Promise<ExportContext> => ({
    db: app.db,
    company: await companyWithLogo(app.db),
    generatedBy: personText({ ...currentUser(request), former: false }),
    generatedAt: new Date(),
  });

  const excel = (fileName: string, made: ExcelExport) =>
    new NamedFile(fileName, excelStream(made.spec, made.source));

  const pdf = async (
    fileName: string,
    ctx: ExportContext,
    doc: { title: string; details: string[]; content: PdfContent[] },
  ) => {
    // Drawn in a worker thread; the data was read here (exports/pdf-in-worker.ts).
    const { db: _db, ...context } = ctx;
    const bytes = await renderPdfInWorker({ ...context, ...doc });
    return new NamedFile(fileName, Readable.from([bytes]), bytes.length);
  };

  const clientLedger = async (
    query: { clientId: number } & DateRangeLike,
  ): Promise<LedgerRequest> => {
    const range = rangeOrThisMonth(query);
    return {
      kind: 'client',
      range,
      party: await reports.ledgerParty(app.db, 'income', query.clientId),
    };
  };
  const employeeLedger = async (
    query: { employeeId: number } & DateRangeLike,
  ): Promise<LedgerRequest> => {
    const range = rangeOrThisMonth(query);
    return {
      kind: 'employee',
      range,
      party: await reports.ledgerParty(app.db, 'salary', query.employeeId),
    };
  };
  const expenseLedger = (query: DateRangeLike): LedgerRequest => ({
    kind: 'expense',
    range: rangeOrThisMonth(query),
  });
  const json = <T>(text: string) => JSON.parse(text) as T;

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

  route(app, endpoints.clientLedgerExcel, async (request) => {
    const ledger = await clientLedger(request.query);
    return excel(
      endpoints.clientLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.employeeLedgerExcel, async (request) => {
    const ledger = await employeeLedger(request.query);
    return excel(
      endpoints.employeeLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.expenseLedgerExcel, async (request) => {
    const ledger = expenseLedger(request.query);
    return excel(
      endpoints.expenseLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.clientLedgerPdf, async (request) => {
    const ledger = await clientLedger(request.query);
    const ctx = await context(request);
    const statement = await ledgerPdfContent(ctx, ledger);
    // The aging of what is owed at the statement's end, under its closing balance.
    const aging = json<Receivables>(await receivables(app.db, ledger.range.to, ledger.party?.id));
    statement.details.push(agingLine(aging));
    return pdf(endpoints.clientLedgerPdf.file.fileName, ctx, statement);
  });

  route(app, endpoints.employeeLedgerPdf, async (request) => {
    const ledger = await employeeLedger(request.query);
    const ctx = await context(request);
    return pdf(endpoints.employeeLedgerPdf.file.fileName, ctx, await ledgerPdfContent(ctx, ledger));
  });

  route(app, endpoints.expenseLedgerPdf, async (request) => {
    const ledger = expenseLedger(request.query);
    const ctx = await context(request);
    return pdf(endpoints.expenseLedgerPdf.file.fileName, ctx, await ledgerPdfContent(ctx, ledger));
  });

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

  // --- month-end (issue 34) ---

  const budgetOf = async (query: { month?: string; year?: number }) =>
    json<BudgetReport>(await budgetReport(app.db, budgetRange(query, today())));

  route(app, endpoints.budgetReportExcel, async (request) =>
    excel(
      endpoints.budgetReportExcel.file.fileName,
      budgetExcel(await context(request), await budgetOf(request.query)),
    ),
  );

  route(app, endpoints.budgetReportPdf, async (request) => {
    const report = await budgetOf(request.query);
    const ctx = await context(request);
    return pdf(endpoints.budgetReportPdf.file.fileName, ctx, budgetPdf(report));
  });

  const agingOf = async (date?: string) =>
    json<Receivables>(await receivables(app.db, receivablesDay(date, today())));

  route(app, endpoints.receivablesExcel, async (request) =>
    excel(
      endpoints.receivablesExcel.file.fileName,
      receivablesExcel(await context(request), await agingOf(request.query.date)),
    ),
  );

  route(app, endpoints.receivablesPdf, async (request) => {
    const report = await agingOf(request.query.date);
    const ctx = await context(request);
    return pdf(endpoints.receivablesPdf.file.fileName, ctx, receivablesPdf(report));
  });

  /** Everything the month-end pack holds: the month against the month before. */
  const packOf = async (month: string) => {
    const range = monthOf(`${month}-01`);
    const other = comparedRange(range, 'previous');
    const [checklist, finance, byType, budget, aging] = await Promise.all([
      monthEnd(app.db, month, today()) as Promise<MonthEnd>,
      compared.financeCompared(app.db, range, other),
      compared.expenseVsTypeCompared(app.db, range, other),
      budgetReport(app.db, range),
      receivables(app.db, range.to),
    ]);
    return {
      month: checklist,
      range,
      finance: json<Finance>(finance),
      byType: json<ExpenseVsTypeRow[]>(byType),
      budget: json<BudgetReport>(budget),
      receivables: json<Receivables>(aging),
    };
  };

  route(app, endpoints.monthEndPackPdf, async (request) => {
    const pack = await packOf(request.query.month);
    const ctx = await context(request);
    return pdf(endpoints.monthEndPackPdf.file.fileName, ctx, monthEndPackPdf(pack));
  });

  route(app, endpoints.monthEndPackExcel, async (request) => {
    const pack = await packOf(request.query.month);
    // Written in a worker thread; the data was read here (exports/excel-in-worker.ts).
    const bytes = await monthEndPackExcelInWorker(
      await context(request),
      pack,
      app.config.publicUrl ?? `${request.protocol}://${request.host}/`,
    );
    return new NamedFile(
      endpoints.monthEndPackExcel.file.fileName,
      Readable.from([bytes]),
      bytes.length,
    );
  });

  // The bank reconciliation statement of an account for a day (issue 33); today by default.
  const reconciliationOf = (id: number, date?: string) => {
    if (date !== undefined && !isRealDay(date)) throw badRequest('date must be a valid date');
    return reconciliation(app.db, id, date ?? today());
  };

  route(app, endpoints.reconciliationExcel, async (request) =>
    excel(
      endpoints.reconciliationExcel.file.fileName,
      reconciliationExcel(
        await context(request),
        await reconciliationOf(request.params.id, request.query.date),
      ),
    ),
  );

  route(app, endpoints.reconciliationPdf, async (request) => {
    const report = await reconciliationOf(request.params.id, request.query.date);
    return pdf(
      endpoints.reconciliationPdf.file.fileName,
      await context(request),
      reconciliationPdf(report),
    );
  });
};

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

type DateRangeLike = { startDate?: string; endDate?: string };
