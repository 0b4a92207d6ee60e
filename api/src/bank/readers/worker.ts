// The worker thread that reads statements, one at a time (started and kept by in-worker.ts), and
// sends back each one's lines (packed as strings, packed.ts), or the refusal with its status, and
// how a CSV or Excel statement was read.
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../exports/worker.js';
import { HttpError } from '../../lib/errors.js';
import { fingerprints } from '../fingerprint.js';
import type { StatementLayout } from './common.js';
import type { ReadJob, ReadMessage } from './in-worker.js';
import { readStatement } from './index.js';
import { packLines } from './packed.js';

lowerThisThreadPriority();
const port = parentPort!;

/** Reads one statement and sends back its lines, or its refusal. */
function read(job: ReadJob): void {
  let layout: StatementLayout | null = null;
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length);
  readStatement(job.fileName, bytes, job.options, job.today, (seen) => {
    layout = seen;
  }).then(
    (read) => {
      const prints = fingerprints(read.lines);
      const packed = packLines(read.lines, prints);
      port.postMessage(
        (packed
          ? { layout, statement: { ...read, lines: [] }, packed }
          : { layout, read, prints }) satisfies ReadMessage,
      );
    },
    (error: unknown) =>
      port.postMessage(
        (error instanceof HttpError
          ? { layout, error: { statusCode: error.statusCode, message: error.message } }
          : {
              layout,
              failure: String((error as Error | undefined)?.stack ?? error),
            }) satisfies ReadMessage,
      ),
  );
}

port.on('message', read);
