// The worker thread that writes the month-end pack's workbook (started by
// excel-in-worker.ts) and sends its bytes back. exceljs builds and zips a workbook synchronously:
// with a receivables sheet of 10,000 clients the pack held the thread that answers requests for
// seconds.
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportContext } from './documents.js';
import { monthEndPackExcel } from './month-end-pack-excel.js';
import { lowerThisThreadPriority, sendFile } from './worker.js';
import type { ExcelPackJob } from './excel-in-worker.js';

lowerThisThreadPriority();

const job = workerData as ExcelPackJob;
// The workbook is written from the data alone: nothing in it reads the database.
const context = { ...job.context, db: undefined } as unknown as ExportContext;

sendFile(parentPort!, monthEndPackExcel(context, job.pack, job.publicUrl));
