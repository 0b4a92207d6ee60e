// Every PDF (statements, reports, payslips) is drawn in a worker thread (pdf-worker.ts) with a
// bounded heap. pdfkit draws synchronously on the thread that calls it: a 10,000-row client
// statement held the server's thread for 11 s, during which no other request was answered. The
// data is read on the server's thread as before (asynchronous database reads); only the drawing
// moves.
//
// The worker is kept for the next document, and ended (its memory given back) when none comes for
// IDLE_MS, after a document of more than KEEP_AFTER_ROWS rows, or after any failure. Starting one
// costs more than most documents: loading pdfkit and fontkit and reading the fonts took 0.9 s of
// processor time on a two-core machine, against a few milliseconds to draw a one-page payslip,
// and every PDF paid it.
import type { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import type { PdfDocument } from './pdf.js';
import { currentWorkerNice, startWorker, type FileMessage } from './worker.js';

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

/** A worker that drew nothing for this long is ended. */
const IDLE_MS = 30_000;
/** A document with more rows than this ends its worker: a big one's heap is not kept. */
const KEEP_AFTER_ROWS = 2_000;

/**
 * PDFs drawn at once in this process, all users together; the rest wait their turn. One: on two
 * cores a second drawing took the request thread's core, and each worker adds its own memory
 * (pdfkit, the fonts, the rows: a 10,000-row statement some 65 MB of RSS; two at once, when
 * every page was kept until the end, took the server +250 MB).
 */
const drawing = pLimit(1);

/** The worker kept between documents, the nice value it started with, and its idle timer. */
let kept: { worker: Worker; nice: number; idle?: NodeJS.Timeout } | undefined;

/** Ends the kept worker (if it is `worker`, or any when not given). */
function retire(worker?: Worker): void {
  if (!kept || (worker && kept.worker !== worker)) return;
  clearTimeout(kept.idle);
  void kept.worker.terminate();
  kept = undefined;
}

/** The kept worker, or a new one; one started with another priority is ended first. */
function drawingWorker(): Worker {
  if (kept && kept.nice !== currentWorkerNice()) retire();
  if (!kept) {
    const worker = startWorker('pdf-worker', null, RESOURCE_LIMITS);
    // Between documents nothing else listens: a worker that fails or stops then is forgotten,
    // and the next document starts another.
    worker.on('error', () => retire(worker));
    worker.on('exit', () => {
      if (kept?.worker === worker) retire(worker);
    });
    kept = { worker, nice: currentWorkerNice() };
  }
  clearTimeout(kept.idle);
  return kept.worker;
}

const rowsOf = (document: PdfDocument) =>
  document.content.reduce((sum, table) => sum + table.rows.length, 0);

/** The document drawn as a PDF by the worker thread. */
export const renderPdfInWorker = (document: PdfDocument): Promise<Buffer> =>
  drawing(() => draw(document));

function draw(document: PdfDocument): Promise<Buffer> {
  const worker = drawingWorker();
  return new Promise<Buffer>((resolve, reject) => {
    const done = (ok: boolean) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (!ok || rowsOf(document) > KEEP_AFTER_ROWS) retire(worker);
      else if (kept?.worker === worker) {
        // Between documents the worker keeps nothing running: the process may end without it.
        worker.unref();
        kept.idle = setTimeout(() => retire(worker), IDLE_MS);
        kept.idle.unref();
      }
    };
    const onMessage = (message: FileMessage) => {
      if ('bytes' in message) {
        done(true);
        resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
      } else {
        done(false);
        reject(new Error(message.error));
      }
    };
    const onError = (error: Error) => {
      done(false);
      reject(error);
    };
    const onExit = (code: number) => {
      done(false);
      reject(new Error(`the pdf-worker stopped (exit code ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.ref();
    try {
      worker.postMessage(document);
    } catch (error) {
      // Content that cannot be sent to another thread: the worker never saw it.
      done(false);
      reject(error as Error);
    }
  });
}
