// The worker thread that draws one PDF (started by pdf-in-worker.ts) and sends its bytes back.
import { parentPort, workerData } from 'node:worker_threads';
import { renderPdf, type PdfDocument } from './pdf.js';
import { lowerThisThreadPriority, sendFile } from './worker.js';

// At the lowest CPU priority: a statement drawn on a busy machine otherwise took the core of the
// thread that answers requests. It still uses any core nothing else wants.
lowerThisThreadPriority();

const job = workerData as PdfDocument;

// The logo arrives as a Uint8Array (structured clone): pdfkit takes a Buffer.
const company = {
  ...job.company,
  logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
};

sendFile(parentPort!, renderPdf({ ...job, company }));
