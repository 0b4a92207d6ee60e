// GET /api/payroll/payslip: an employee's payslip for a month as an A4 PDF (issue 23, item 4).
// A read: every signed-in user may download it, viewers included.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, payslipFileName, personText } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { companyWithLogo } from '../../repositories/company.js';
import { payslip } from '../../repositories/payslip.js';
import { renderPdfInWorker } from '../../exports/pdf-in-worker.js';
import { holdExportSlot } from '../../lib/export-slots.js';
import { payslipPdf } from '../../exports/payslip.js';
import { NamedFile, route } from '../route.js';

export const payslipRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.payslipPdf, async (request, reply) => {
    holdExportSlot(request, reply);
    const { employeeId, month } = request.query;
    // Read (and 404 for an unknown employee) before the first byte goes out.
    const slip = await payslip(app.db, employeeId, month);
    // Drawn in a worker thread (exports/pdf-in-worker.ts).
    const bytes = await renderPdfInWorker({
      ...payslipPdf(slip),
      company: await companyWithLogo(app.db),
      generatedBy: personText({ ...currentUser(request), former: false }),
      generatedAt: new Date(),
    });
    return new NamedFile(payslipFileName(month, employeeId), Readable.from([bytes]), bytes.length);
  });
};
