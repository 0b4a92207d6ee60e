// The worker thread that draws PDFs (started and kept by pdf-in-worker.ts): each document it is
// sent is drawn and its bytes sent back, one at a time.
import { parentPort } from 'node:worker_threads';
import { renderPdf, type PdfDocument } from './pdf.js';
import { lowerThisThreadPriority, sendFile } from './worker.js';

// At the lowest CPU priority: a statement drawn on a busy machine otherwise took the core of the
// thread that answers requests. It still uses any core nothing else wants.
lowerThisThreadPriority();

parentPort!.on('message', (job: PdfDocument) => {
  // The logo arrives as a Uint8Array (structured clone): pdfkit takes a Buffer.
  const company = {
    ...job.company,
    logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
  };
  sendFile(parentPort!, renderPdf({ ...job, company }));
});
