// The worker thread that draws one PDF (started by pdf-in-worker.ts) and sends its bytes back.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderPdf, type PdfDocument } from './pdf.js';
import type { PdfMessage } from './pdf-in-worker.js';

// This thread at the lowest CPU priority (Linux: /proc/thread-self names its thread id), or the
// value FILE_WORK_NICE gives (worker.ts passes it): a statement drawn on a busy machine otherwise
// took the core of the thread that answers requests. It still uses any core nothing else wants.
const nice = Number(process.env.FILE_WORK_NICE ?? 19);
if (process.platform === 'linux' && nice > 0) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // no /proc: drawn at the normal priority
  }
}

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
