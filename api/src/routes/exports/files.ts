// What every download shares: the ranges of the JSON calls a file mirrors, the context it is made
// in (the company, who asked, when), and the answer of an Excel or a PDF file.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { personText } from 'contract';
import { companyWithLogo } from '../../repositories/company.js';
import { todayIn } from '../../lib/dates.js';
import { currentUser } from '../../plugins/auth.js';
import { excelStream } from '../../exports/excel.js';
import type { PdfContent } from '../../exports/pdf.js';
import { renderPdfInWorker } from '../../exports/pdf-in-worker.js';
import type { ExcelExport, ExportContext } from '../../exports/documents.js';
import { reportRanges } from '../../lib/report-ranges.js';
import { NamedFile } from '../route.js';

export type DateRangeLike = { startDate?: string; endDate?: string };

export const json = <T>(text: string) => JSON.parse(text) as T;

export function exportFiles(app: FastifyInstance) {
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

  return { today, ranges, rangeOrThisMonth, financeRange, context, excel, pdf };
}

export type ExportFiles = ReturnType<typeof exportFiles>;
