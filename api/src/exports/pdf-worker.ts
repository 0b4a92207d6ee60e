// The worker thread that draws one PDF (started by pdf-in-worker.ts) and sends its bytes back.
import { parentPort, workerData } from 'node:worker_threads';
import { renderPdf, type PdfDocument } from './pdf.js';
import type { PdfMessage } from './pdf-in-worker.js';

const job = workerData as PdfDocument;
const port = parentPort!;
const send = (message: PdfMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

// The logo arrives as a Uint8Array (structured clone): pdfkit takes a Buffer.
const company = {
  ...job.company,
  logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
};

renderPdf({ ...job, company }).then(
  (bytes) => {
    // A copy of its own, so that its memory can move to the other thread.
    const pdf = new Uint8Array(bytes);
    send({ pdf }, [pdf.buffer]);
  },
  (error: unknown) => send({ error: String((error as Error | undefined)?.message ?? error) }),
);
