// The worker thread that writes an account's general ledger as Excel from a PostgreSQL database
// (started by general-ledger-in-worker.ts), on connections of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { excelStream } from '../exports/excel.js';
import { sendStream } from '../exports/stream-worker.js';
import { generalLedgerExcel } from './general-ledger-documents.js';
import type { GeneralLedgerJob } from './general-ledger-in-worker.js';

const job = workerData as GeneralLedgerJob;

let database: DatabaseHandle | undefined;

sendStream(
  parentPort!,
  async () => {
    database = await openDatabase({
      databaseUrl: job.databaseUrl,
      dataDir: '',
      timeZone: 'UTC',
      databasePoolSize: 1,
      migrate: false,
    });
    // The logo arrives as a Uint8Array (structured clone): the writer takes a Buffer.
    const company = {
      ...job.company,
      logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
    };
    const made = generalLedgerExcel(
      { db: database.db, company, generatedBy: job.generatedBy, generatedAt: job.generatedAt },
      job.head,
      job.range,
    );
    return excelStream(made.spec, made.source);
  },
  // Its connection closed once the file is written, or has failed.
  async () => database?.close(),
);
