// The worker thread that writes the Journal's Excel file of a PostgreSQL database (started by
// journal-in-worker.ts). Its own connections, its own bounded heap: see journal-in-worker.ts.
// The file's bytes go to the server's thread in chunks, one at a time: the next one is sent
// when the server's thread asks for more, so a slow download holds back the writing.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.js';
import { journalExcel } from './documents.js';
import { excelStream } from './excel.js';
import type { JournalJob, JournalMessage } from './journal-in-worker.js';

const job = workerData as JournalJob;
const port = parentPort!;

/** Bytes gathered before they are handed over (fewer, larger messages). */
const CHUNK = 256 * 1024;

let asked: (() => void) | undefined;
port.on('message', (message: string) => {
  if (message === 'more') asked?.();
});
const send = (message: JournalMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

async function run(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: job.databaseUrl,
    dataDir: '',
    timeZone: 'UTC',
    // One connection reads the next page while the other's page is written.
    databasePoolSize: 2,
    migrate: false,
  });
  try {
    const company = {
      ...job.company,
      logo: job.company.logo && { ...job.company.logo, data: Buffer.from(job.company.logo.data) },
    };
    const made = journalExcel(
      { db: database.db, company, generatedBy: job.generatedBy, generatedAt: job.generatedAt },
      job.filters,
    );
    let held: Buffer[] = [];
    let heldBytes = 0;
    const flush = async () => {
      if (heldBytes === 0) return;
      // A copy of its own, so its memory can move to the other thread.
      const bytes = new Uint8Array(heldBytes);
      let at = 0;
      for (const part of held) {
        bytes.set(part, at);
        at += part.length;
      }
      held = [];
      heldBytes = 0;
      const more = new Promise<void>((resolve) => (asked = resolve));
      send({ chunk: bytes }, [bytes.buffer]);
      await more;
    };
    for await (const part of excelStream(made.spec, made.source)) {
      held.push(part as Buffer);
      heldBytes += (part as Buffer).length;
      if (heldBytes >= CHUNK) await flush();
    }
    await flush();
  } finally {
    await database.close();
  }
}

run().then(
  () => send({ done: true }),
  (error: unknown) => send({ error: String((error as Error | undefined)?.message ?? error) }),
);
