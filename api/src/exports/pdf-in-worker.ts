// Every PDF (statements, reports, payslips) is drawn in a worker thread (pdf-worker.ts) with a
// bounded heap. pdfkit draws synchronously on the thread that calls it: a 10,000-row client
// statement held the server's thread for 11 s, during which no other request was answered. The
// data is read on the server's thread as before (asynchronous database reads); only the drawing
// moves. The worker is kept for the next document (kept-workers.ts), and ended, its memory given
// back, after 30 s without one, after a document of more than KEEP_AFTER_ROWS rows, when its heap
// still holds more than 64 MB after a document, or after any failure.
import pLimit from 'p-limit';
import { KeptWorkers } from './kept-workers.js';
import type { PdfDocument } from './pdf.js';
import { fileOf, startWorker, type FileMessage } from './worker.js';

/**
 * The worker's heap: each page is written out as the next begins (pdf.ts), so what it holds is
 * the document's rows and one page (a 15,000-row statement, PDF_MAX_ROWS, of 500-character
 * descriptions, 3,700 pages, was drawn within 64 MB). The cap is kept well above that: at 96 MB
 * the worker collected more often, and its collector's helper threads, which run at the normal
 * priority, took the core from the request thread (a dashboard call waited 800-970 ms during a
 * 10,000-row statement, against 320-340 ms at 256 MB, the server's memory the same). A document
 * that needs more fails (500) rather than growing the server.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 };

/** A document with more rows than this ends its worker: a big one's heap is not kept. */
const KEEP_AFTER_ROWS = 2_000;

/**
 * PDFs drawn at once in this process, all users together; the rest wait their turn. One: on two
 * cores a second drawing took the request thread's core, and each worker adds its own memory
 * (pdfkit, the fonts, the rows: a 10,000-row statement some 65 MB of RSS; two at once, when
 * every page was kept until the end, took the server +250 MB).
 */
const drawing = pLimit(1);

const workers = new KeptWorkers('pdf-worker', () =>
  startWorker('pdf-worker', null, RESOURCE_LIMITS),
);

const rowsOf = (document: PdfDocument) =>
  document.content.reduce((sum, table) => sum + table.rows.length, 0);

/** The document drawn as a PDF by the worker thread. */
export const renderPdfInWorker = (document: PdfDocument): Promise<Buffer> =>
  drawing(() =>
    workers.run(document, {
      answer: (message: FileMessage) => fileOf(message),
      keep: (message) => 'bytes' in message && rowsOf(document) <= KEEP_AFTER_ROWS,
    }),
  );
