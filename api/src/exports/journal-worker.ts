// The worker thread that writes the Journal's Excel file of a PostgreSQL database (started by
// journal-in-worker.ts). Its own connections, its own bounded heap: see journal-in-worker.ts.
// The file's bytes go to the server's thread in chunks, one at a time (stream-worker.ts): the
// next one is sent when the server's thread asks for more, so a slow download holds back the
// writing.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { journalExcel } from './journal-excel.js';
import { excelStream } from './excel.js';
import type { JournalJob } from './journal-in-worker.js';
import { sendStream } from './stream-worker.js';

const job = workerData as JournalJob;

let database: DatabaseHandle | undefined;

sendStream(
  parentPort!,
  async () => {
    database = await openDatabase({
      databaseUrl: job.databaseUrl,
      dataDir: '',
      timeZone: 'UTC',
      // One connection reads the next page while the other's page is written.
      databasePoolSize: 2,
      migrate: false,
    });
    const company = {
      ...job.company,
      logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
    };
    const made = journalExcel(
      { db: database.db, company, generatedBy: job.generatedBy, generatedAt: job.generatedAt },
      job.filters,
    );
    return excelStream(made.spec, made.source);
  },
  // Its connections closed once the file is written, or has failed.
  async () => database?.close(),
);
