// The Excel and PDF downloads of the ledger's statements (issue 40): the trial balance, the
// balance sheet, profit and loss and an account's general ledger. Each checks its query as its
// JSON call does (a day, a period in order, an account that exists) before the first byte goes
// out; the file is then built by exports/ as every other report's: an Excel file streamed as it
// is written (a general ledger's, on PostgreSQL, in a worker thread), a PDF drawn in a worker
// thread. Each takes one of its user's export slots.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, type ProfitLossQuery } from 'contract';
import { holdExportSlot } from '../lib/export-slots.js';
import { exportFiles } from '../routes/exports/files.js';
import { NamedFile, route } from '../routes/route.js';
import {
  balanceSheetExcel,
  balanceSheetPdf,
  profitLossExcel,
  profitLossPdf,
  trialBalanceExcel,
  trialBalancePdf,
  type PdfStatement,
} from './documents.js';
import { generalLedgerExcel, generalLedgerPdf } from './general-ledger-documents.js';
import { ledgerAccountPeriod } from './general-ledger.js';
import { generalLedgerExcelInWorker } from './general-ledger-in-worker.js';
import { period } from './routes.js';
import { balanceSheet, profitLoss, trialBalance } from './statements.js';

export const ledgerDocumentRoutes: FastifyPluginAsync = async (app) => {
  // Heavy exports: each takes one of its user's slots once its query has passed its schema.
  app.addHook('preHandler', async (request, reply) => holdExportSlot(request, reply));
  // The company's context, and the Excel and PDF answers, as every other download's.
  const files = exportFiles(app);
  const { today, context, excel } = files;
  const pdf = async (fileName: string, request: FastifyRequest, doc: PdfStatement) =>
    files.pdf(fileName, await context(request), doc);

  const profitLossOf = (query: ProfitLossQuery) =>
    profitLoss(app.db, { ...period(query), basis: query.basis ?? 'accrual' });

  route(app, endpoints.trialBalanceExcel, async (request) => {
    const report = await trialBalance(app.db, request.query.date ?? today());
    return excel(
      endpoints.trialBalanceExcel.file.fileName,
      trialBalanceExcel(await context(request), report),
    );
  });

  route(app, endpoints.trialBalancePdf, async (request) => {
    const report = await trialBalance(app.db, request.query.date ?? today());
    return pdf(endpoints.trialBalancePdf.file.fileName, request, trialBalancePdf(report));
  });

  route(app, endpoints.balanceSheetExcel, async (request) => {
    const report = await balanceSheet(app.db, request.query.date ?? today());
    return excel(
      endpoints.balanceSheetExcel.file.fileName,
      balanceSheetExcel(await context(request), report),
    );
  });

  route(app, endpoints.balanceSheetPdf, async (request) => {
    const report = await balanceSheet(app.db, request.query.date ?? today());
    return pdf(endpoints.balanceSheetPdf.file.fileName, request, balanceSheetPdf(report));
  });

  route(app, endpoints.profitLossExcel, async (request) => {
    const report = await profitLossOf(request.query);
    return excel(
      endpoints.profitLossExcel.file.fileName,
      profitLossExcel(await context(request), report),
    );
  });

  route(app, endpoints.profitLossPdf, async (request) => {
    const report = await profitLossOf(request.query);
    return pdf(endpoints.profitLossPdf.file.fileName, request, profitLossPdf(report));
  });

  // The whole period of the account, not the page the screen shows.
  route(app, endpoints.generalLedgerExcel, async (request) => {
    const range = period(request.query);
    const head = await ledgerAccountPeriod(app.db, request.params.id, range);
    const ctx = await context(request);
    const { databaseUrl } = app.config;
    // On PostgreSQL, written in a worker thread of bounded heap (general-ledger-in-worker.ts).
    if (databaseUrl) {
      const { db: _db, ...job } = ctx;
      return new NamedFile(
        endpoints.generalLedgerExcel.file.fileName,
        generalLedgerExcelInWorker({ ...job, databaseUrl, head, range }),
      );
    }
    return excel(endpoints.generalLedgerExcel.file.fileName, generalLedgerExcel(ctx, head, range));
  });

  route(app, endpoints.generalLedgerPdf, async (request) => {
    const range = period(request.query);
    const head = await ledgerAccountPeriod(app.db, request.params.id, range);
    const doc = await generalLedgerPdf(app.db, head, range);
    return pdf(endpoints.generalLedgerPdf.file.fileName, request, doc);
  });
};
