// The month-end pack's workbook is written in a worker thread of bounded heap (excel-worker.ts),
// as the PDFs are drawn (pdf-in-worker.ts): the data is read on the server's thread, the writing
// moves. One at a time in this process, for the reasons PDFs are.
import pLimit from 'p-limit';
import type { ExportContext } from './documents.js';
import type { MonthEndPack } from './month-end-pack-pdf.js';
import { fileFromWorker } from './worker.js';

/** What the worker is given: the context without its database, and the pack. */
export interface ExcelPackJob {
  context: Omit<ExportContext, 'db'>;
  pack: MonthEndPack;
  /** The address the "Still open" links start with (`https://office.example.com/`). */
  publicUrl: string;
}

const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 };

const writing = pLimit(1);

/** The month-end pack as an Excel workbook, written by a worker thread. */
export const monthEndPackExcelInWorker = (
  { company, generatedBy, generatedAt }: ExportContext,
  pack: MonthEndPack,
  publicUrl: string,
): Promise<Buffer> =>
  writing(() =>
    fileFromWorker(
      'excel-worker',
      { context: { company, generatedBy, generatedAt }, pack, publicUrl } satisfies ExcelPackJob,
      RESOURCE_LIMITS,
    ),
  );
