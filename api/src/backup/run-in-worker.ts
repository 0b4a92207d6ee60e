// A server's backup of a PostgreSQL database runs in a worker thread (worker.ts): the rows pass
// through the worker's own heap and its own garbage collections, never the event loop that
// answers requests, and all of it is given back when the worker ends. (In the server's own
// thread, the buffers of a million rows made V8 collect over and over, and requests waited for
// it.) The embedded database lives in the server's thread: its backups run there.
import { startWorkerBeside } from '../exports/worker.js';
import type { BackupOptions } from './backup.js';
import { BackupRefused } from './errors.js';
import type { Manifest } from './file.js';
import type { SignatureCheck } from './signature.js';

export interface WorkerJob {
  databaseUrl: string;
  file: string;
  options: BackupOptions;
}

export type WorkerOutcome =
  | { ok: true; bytes: number; manifest: Manifest; reread: Manifest; signature: SignatureCheck }
  | { ok: false; refused: boolean; message: string; code?: string };

/**
 * The worker's heap: the rows' bytes live outside it (Buffers), so it holds little more than the
 * code; a worker that needs more ends with an error rather than growing the server.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * Takes a backup of the PostgreSQL database at `databaseUrl` into `file` and reads it back, in a
 * worker thread: what takeBackup and then verifyBackupFile would answer.
 */
export function backUpInWorker(
  job: WorkerJob,
): Promise<{ bytes: number; manifest: Manifest; reread: Manifest; signature: SignatureCheck }> {
  // From the sources (tests, `npm run dev`) the worker starts as the export workers do: from its
  // built twin when a build of the sources is named, else from its TypeScript through tsx.
  const worker = startWorkerBeside(import.meta.url, 'worker', job, RESOURCE_LIMITS);
  return new Promise((resolve, reject) => {
    let outcome: WorkerOutcome | undefined;
    worker.once('message', (message: WorkerOutcome) => (outcome = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!outcome) return reject(new Error(`the backup worker stopped (exit code ${code})`));
      if (outcome.ok) return resolve(outcome);
      if (outcome.refused) return reject(new BackupRefused(outcome.message));
      reject(Object.assign(new Error(outcome.message), { code: outcome.code }));
    });
  });
}
