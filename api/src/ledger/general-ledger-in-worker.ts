// The general ledger's Excel file of a PostgreSQL database is written in a worker thread
// (general-ledger-worker.ts) with a bounded heap, its bytes streamed to the response as they
// come, as the Journal's is (exports/journal-in-worker.ts): the lines of a busy account pass
// through the writer as strings and objects that are garbage a moment later, and in a worker
// whose old generation is capped V8 collects them within the cap instead of growing the
// server's heap. The embedded database (PGlite) lives in the server's thread: there the file is
// written in that thread.
import type { Readable } from 'node:stream';
import type { CompanyWithLogo } from '../repositories/company.js';
import { startWorkerBeside } from '../exports/worker.js';
import { streamFromWorker } from '../exports/stream-worker.js';
import type { LedgerAccountPeriod } from './general-ledger.js';

export interface GeneralLedgerJob {
  databaseUrl: string;
  company: CompanyWithLogo;
  generatedBy: string;
  generatedAt: Date;
  /** The account and its balances, read (and found) in the server's thread. */
  head: LedgerAccountPeriod;
  range: { from: string; to: string };
}

/** A page of lines and exceljs' rows fit many times over (as the Journal's worker). */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** The account's general ledger as a streamed .xlsx, written by a worker thread. */
export const generalLedgerExcelInWorker = (job: GeneralLedgerJob): Readable =>
  streamFromWorker(
    startWorkerBeside(import.meta.url, 'general-ledger-worker', job, RESOURCE_LIMITS),
    'the general ledger export worker',
  );
