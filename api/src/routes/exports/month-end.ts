// The month-end files (issue 34): the budget report, the receivables aging and the month-end pack
// (the month against the month before, with the ledger's statements at its last day), in Excel
// and PDF.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  endpoints,
  type BudgetReport,
  type ExpenseVsTypeRow,
  type Finance,
  type MonthEnd,
  type Receivables,
} from 'contract';
import { monthOf } from '../../lib/dates.js';
import { monthEndPackExcelInWorker } from '../../exports/excel-in-worker.js';
import { NamedFile, route } from '../route.js';
import * as compared from '../../repositories/compare-reports.js';
import { comparedRange } from '../../lib/compare.js';
import { budgetRange, budgetReport } from '../../repositories/budgets.js';
import { receivables } from '../../repositories/receivables.js';
import { monthEnd } from '../../repositories/month-end.js';
import { packStatements } from '../../repositories/month-end-statements.js';
import { receivablesDay } from '../month-end/index.js';
import {
  budgetExcel,
  budgetPdf,
  receivablesExcel,
  receivablesPdf,
} from '../../exports/budget-aging-documents.js';
import { monthEndPackPdf } from '../../exports/month-end-pack-pdf.js';
import { json, type ExportFiles } from './files.js';

export function monthEndDownloads(app: FastifyInstance, files: ExportFiles): void {
  const { today, context, excel, pdf } = files;

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
    const [checklist, finance, byType, budget, aging, statements] = await Promise.all([
      monthEnd(app.db, month, today()) as Promise<MonthEnd>,
      compared.financeCompared(app.db, range, other),
      compared.expenseVsTypeCompared(app.db, range, other),
      budgetReport(app.db, range),
      receivables(app.db, range.to),
      packStatements(app.db, range.to),
    ]);
    return {
      month: checklist,
      range,
      finance: json<Finance>(finance),
      byType: json<ExpenseVsTypeRow[]>(byType),
      budget: json<BudgetReport>(budget),
      receivables: json<Receivables>(aging),
      statements,
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
}
