// The Journal's Excel file of a PostgreSQL database is written in a worker thread
// (journal-worker.ts) with a bounded heap, its bytes streamed to the response as they come.
//
// Why: a million entries pass through the writer as JS objects and strings (each page's rows,
// exceljs' rows and cells, the sheet's XML), all garbage a moment later. In the server's own
// thread V8 lets that garbage grow its heap by far more than the export needs before it
// collects (measured at 200,000 entries: RSS +185 to +236 MB, nearly all of it heap). In a worker
// whose old generation is capped, V8 collects within the cap, and all of it is given back when
// the worker ends. The embedded database (PGlite) lives in the server's thread: there the file
// is written in that thread, as before.
import type { Readable } from 'node:stream';
import type { JournalTotalsQuery } from 'contract';
import type { CompanyWithLogo } from '../repositories/company.js';
import { streamFromWorker } from './stream-worker.js';
import { startWorker } from './worker.js';

export interface JournalJob {
  databaseUrl: string;
  company: CompanyWithLogo;
  generatedBy: string;
  generatedAt: Date;
  filters: JournalTotalsQuery;
}

/**
 * The worker's heap: two pages of entries and exceljs' rows fit many times over; a worker that
 * needs more ends with an error (the download fails) rather than growing the server.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** The Journal's .xlsx as a stream, written by a worker thread. */
export function journalExcelInWorker(job: JournalJob): Readable {
  return streamFromWorker(
    startWorker('journal-worker', job, RESOURCE_LIMITS),
    'the Journal export worker',
  );
}
