// The bank reconciliation statement of an account for a day (issue 33), in Excel and PDF; today
// by default.
import type { FastifyInstance } from 'fastify';
import { endpoints } from 'contract';
import { route } from '../route.js';
import { reconciliation } from '../../bank/reconciliation.js';
import { reconciliationExcel, reconciliationPdf } from '../../bank/reconciliation-documents.js';
import { badRequest } from '../../lib/errors.js';
import { isRealDay } from '../../lib/dates.js';
import type { ExportFiles } from './files.js';

export function reconciliationDownloads(app: FastifyInstance, files: ExportFiles): void {
  const { today, context, excel, pdf } = files;

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
}
