// The worker thread that takes a server's backup of a PostgreSQL database and reads it back
// (run-in-worker.ts starts it). Its own connection, its own heap: see run-in-worker.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.js';
import { takeBackup } from './backup.js';
import { BackupRefused } from './errors.js';
import { checkBackupFile } from './file-read.js';
import type { WorkerJob, WorkerOutcome } from './run-in-worker.js';

const job = workerData as WorkerJob;

async function run(): Promise<WorkerOutcome> {
  const database = await openDatabase({
    databaseUrl: job.databaseUrl,
    dataDir: '',
    timeZone: 'UTC',
    databasePoolSize: 1,
    migrate: false,
  });
  try {
    // workerData hands a Buffer over as a plain Uint8Array: either signs.
    const { bytes, manifest } = await takeBackup(database, job.file, job.options);
    const { manifest: reread, signature } = await checkBackupFile(job.file, {
      passphrase: job.options.passphrase,
      pace: job.options.pace,
      signingKey: job.options.signingKey,
    });
    return { ok: true, bytes, manifest, reread, signature };
  } finally {
    await database.close();
  }
}

run().then(
  (outcome) => parentPort!.postMessage(outcome),
  (error: unknown) => {
    const failure = error as NodeJS.ErrnoException;
    parentPort!.postMessage({
      ok: false,
      refused: error instanceof BackupRefused,
      message: String(failure?.message ?? error),
      code: typeof failure?.code === 'string' ? failure.code : undefined,
    } satisfies WorkerOutcome);
  },
);
