// The Excel and PDF downloads of every report, ledger and the Journal (issue 22). Each takes the
// query of the JSON call it mirrors and checks it the same way (bad dates, unknown parties) before
// the first byte goes out; the file is then built by exports/ and streamed. A PDF is drawn in a
// worker thread (exports/pdf-in-worker.ts), and each user has a few exports under way at most
// (lib/export-slots.ts). The routes of each use case stand beside this file, registered here in
// this order (the order of their paths in the OpenAPI document).
import type { FastifyPluginAsync } from 'fastify';
import { holdExportSlot } from '../../lib/export-slots.js';
import { exportFiles } from './files.js';
import { reportDownloads, yearAndFinancePdfs } from './reports.js';
import { ledgerDownloads } from './ledgers.js';
import { monthEndDownloads } from './month-end.js';
import { reconciliationDownloads } from './reconciliation.js';

export const exportRoutes: FastifyPluginAsync = async (app) => {
  // Every call here is a heavy export: each takes one of its user's slots (lib/export-slots.ts),
  // once its query has passed its schema.
  app.addHook('preHandler', async (request, reply) => holdExportSlot(request, reply));
  const files = exportFiles(app);
  reportDownloads(app, files);
  ledgerDownloads(app, files);
  yearAndFinancePdfs(app, files);
  monthEndDownloads(app, files);
  reconciliationDownloads(app, files);
};
