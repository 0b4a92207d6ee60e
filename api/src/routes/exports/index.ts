// The Excel and PDF downloads of every report, ledger and the Journal (issue 22). Each takes the
// query of the JSON call it mirrors and checks it the same way (bad dates, unknown parties) before
// the first byte goes out; the file is then built by exports/ and streamed. A PDF is drawn in a
// worker thread (exports/pdf-in-worker.ts), and each user has a few exports under way at most
// (lib/export-slots.ts).
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  endpoints,
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
import { todayIn } from '../../lib/dates.js';
import { currentUser } from '../../plugins/auth.js';
import { excelStream } from '../../exports/excel.js';
import { journalExcelInWorker } from '../../exports/journal-in-worker.js';
import type { PdfContent } from '../../exports/pdf.js';
import { renderPdfInWorker } from '../../exports/pdf-in-worker.js';
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

  route(app, endpoints.employeesVsSalaryExcel, async (request) => {
    const range = ranges().employeesVsSalary(request.query);
    const rows = json<EmployeesVsSalaryRow[]>(await reports.employeesVsSalary(app.db, range));
    return excel(
      endpoints.employeesVsSalaryExcel.file.fileName,
      employeesVsSalaryExcel(await context(request), range, rows),
    );
  });

  route(app, endpoints.expenseVsTypeExcel, async (request) => {
    const range = rangeOrThisMonth(request.query);
    const rows = json<ExpenseVsTypeRow[]>(await reports.expenseVsType(app.db, range));
    return excel(
      endpoints.expenseVsTypeExcel.file.fileName,
      expenseVsTypeExcel(await context(request), range, rows),
    );
  });

  route(app, endpoints.incomeReportExcel, async (request) => {
    const rows = json<IncomeReportRow[]>(await reports.incomeReport(app.db));
    return excel(
      endpoints.incomeReportExcel.file.fileName,
      incomeReportExcel(await context(request), rows),
    );
  });

  route(app, endpoints.yearlyExcel, async (request) => {
    const { year } = request.query;
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
    return pdf(endpoints.clientLedgerPdf.file.fileName, ctx, await ledgerPdfContent(ctx, ledger));
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
    const { year } = request.query;
    const rows = json<YearlyRow[]>(await reports.yearly(app.db, year));
    const ctx = await context(request);
    return pdf(endpoints.yearlyPdf.file.fileName, ctx, yearlyPdf(year, rows));
  });

  route(app, endpoints.financePdf, async (request) => {
    const range = financeRange(request.query);
    const finance = json<Finance>(await reports.finance(app.db, range));
    const ctx = await context(request);
    return pdf(endpoints.financePdf.file.fileName, ctx, financePdf(range, finance));
  });
};

type DateRangeLike = { startDate?: string; endDate?: string };
