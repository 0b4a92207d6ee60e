// Statements are read in a worker thread (worker.ts), never on the thread that answers requests:
// whatever a file costs to read, every other request is answered meanwhile (an OFX file that
// took 26.6 s to read held every other request as long). The worker's heap is bounded, and all
// of it is given back when the worker ends. A worker that read a small file, or refused one
// (a wrong format, an amount past the bounds: the reader threw, the worker is sound), is kept for
// the next one (kept-workers.ts: starting one cost 0.4 to 0.8 s of processor time, most
// statements far less to read); after a failure, a file over KEEP_UNDER_BYTES or a heap still
// over 64 MB once the file is read, it is ended, as every worker was before.
import pLimit from 'p-limit';
import type { StatementOptions } from 'contract';
import { statementMessages as sm } from 'contract';
import { KeptWorkers } from '../../exports/kept-workers.js';
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

/** A file bigger than this ends its worker once read: a big file's heap is not kept. */
const KEEP_UNDER_BYTES = 1024 * 1024;

/** Statements read at once in this process, all users together; the rest wait their turn. */
const reading = pLimit(2);
const workers = new KeptWorkers('statement reader', () =>
  startWorkerBeside(import.meta.url, 'worker', null, RESOURCE_LIMITS),
);
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

async function run(job: ReadJob): Promise<ReadOutcome> {
  underWay += 1;
  try {
    return await workers.run(job, {
      keep: (message: ReadMessage) =>
        !('failure' in message) && job.bytes.length <= KEEP_UNDER_BYTES,
      answer: async (message): Promise<ReadOutcome> => {
        if ('read' in message) return message;
        if ('packed' in message) {
          const { lines, prints } = await unpackLines(message.packed);
          return { layout: message.layout, read: { ...message.statement, lines }, prints };
        }
        if ('error' in message)
          return {
            layout: message.layout,
            error: new HttpError(message.error.statusCode, message.error.message),
          };
        // A fault of the reader itself: a 500 with no details, as any other.
        throw new Error(message.failure);
      },
      failed: (error) =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { layout: null, error: badRequest(sm.tooBigToRead) }
          : undefined,
    });
  } finally {
    underWay -= 1;
  }
}
