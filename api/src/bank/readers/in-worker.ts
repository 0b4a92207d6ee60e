// Statements are read in a worker thread (worker.ts), never on the thread that answers requests:
// whatever a file costs to read, every other request is answered meanwhile (an OFX file that
// took 26.6 s to read held every other request as long). The worker's heap is bounded, and all
// of it is given back when the worker ends.
import pLimit from 'p-limit';
import type { StatementOptions } from 'contract';
import { statementMessages as sm } from 'contract';
import { startWorkerBeside } from '../../exports/worker.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import type { StatementLayout, StatementRead } from './common.js';
import { unpackLines, type PackedLines } from './packed.js';

export interface ReadJob {
  fileName: string;
  bytes: Uint8Array;
  options: StatementOptions;
  today: string;
}

/** What the worker sends back: the lines read or the refusal, and a table's layout if any. */
export type ReadMessage = { layout: StatementLayout | null } & (
  | { read: StatementRead; prints: string[] }
  /** The statement without its lines, and its lines and fingerprints packed (packed.ts). */
  | { statement: StatementRead; packed: PackedLines }
  | { error: { statusCode: number; message: string } }
  | { failure: string }
);

/**
 * The worker's heap: a 20 MB file's text (up to twice its bytes), its 100,000 lines and, for a
 * CSV or Excel file, its rows of cells fit within it several times over. A file that needs more
 * is refused rather than growing the server.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 };

/** Statements read at once in this process, all users together; the rest wait their turn. */
const reading = pLimit(2);
let underWay = 0;

/** Statements being read in a worker thread now (the event-loop test watches it). */
export const statementReadsUnderWay = (): number => underWay;

export interface ReadOutcome {
  /** How a CSV or Excel statement was read, even when its lines were refused. */
  layout: StatementLayout | null;
  read?: StatementRead;
  /** Each line's fingerprint (fingerprint.ts), with the lines read. */
  prints?: string[];
  error?: HttpError;
}

/** Reads the statement in a worker thread: its lines, or the refusal (as an HttpError). */
export const readStatementInWorker = (job: ReadJob): Promise<ReadOutcome> =>
  reading(() => run(job));

function run(job: ReadJob): Promise<ReadOutcome> {
  return new Promise((resolve, reject) => {
    underWay += 1;
    const worker = startWorkerBeside(import.meta.url, 'worker', job, RESOURCE_LIMITS);
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      underWay -= 1;
      work();
      void worker.terminate();
    };
    worker.once('message', (message: ReadMessage) =>
      settle(() => {
        if ('read' in message) resolve(message);
        else if ('packed' in message)
          unpackLines(message.packed).then(
            ({ lines, prints }) =>
              resolve({ layout: message.layout, read: { ...message.statement, lines }, prints }),
            reject,
          );
        else if ('error' in message)
          resolve({
            layout: message.layout,
            error: new HttpError(message.error.statusCode, message.error.message),
          });
        // A fault of the reader itself: a 500 with no details, as any other.
        else reject(new Error(message.failure));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ layout: null, error: badRequest(sm.tooBigToRead) })
          : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the statement reader stopped (exit code ${code})`))),
    );
  });
}
