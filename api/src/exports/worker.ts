// The files are drawn in worker threads of bounded heap (journal-in-worker.ts, pdf-in-worker.ts):
// what an export builds (rows, strings, pages) never grows the heap of the thread that answers
// requests, and a synchronous renderer (pdfkit) never holds that thread. This starts one: from
// the built JavaScript (`npm start`), or, when this module itself was loaded from the TypeScript
// sources (tests, `npm run dev`), from the built twin of the worker's file when a build of the
// sources is named (API_SOURCES_BUILD, below), else from its TypeScript through tsx.
import { existsSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setPriority } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The CPU nice value a drawing worker gives its own thread (FILE_WORK_NICE; pdf-worker.ts). */
let workerNice = 19;

/** Sets the nice value of the workers started from now on (buildApp, from FILE_WORK_NICE). */
export function configureWorkers(nice = 19): void {
  workerNice = Math.min(19, Math.max(0, Math.trunc(nice)));
}

/** The nice value a worker started now gets: a kept worker started with another is retired. */
export const currentWorkerNice = (): number => workerNice;

/** Starts `./<name>.js` (or `.ts`) beside this module with `workerData` and a bounded heap. */
export const startWorker = (
  name: 'journal-worker' | 'pdf-worker' | 'excel-worker',
  workerData: unknown,
  resourceLimits: ResourceLimits,
): Worker => startWorkerBeside(import.meta.url, name, workerData, resourceLimits);

/**
 * API_SOURCES_BUILD: for a process running from the TypeScript sources, the folder of a build of
 * those sources, file for file (`src/x/y.ts` as `<folder>/x/y.js`; the API tests' global set-up
 * builds one per jest run, test/server-build.cjs, and names it here). Workers started from the
 * sources start from their built twin there: through tsx, each worker registered its hooks
 * (about 0.25 s of processor time) and loaded every module through them (exceljs, pdfkit: another
 * 0.4 s or more). The build must be of the same sources; a worker whose twin is missing is
 * started from its TypeScript.
 */
const SOURCES_BUILD = 'API_SOURCES_BUILD';

/** The folder of the sources (this module is `<sources>/exports/worker.ts` when run from them). */
const sourcesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built twin of the source file `file` in the build API_SOURCES_BUILD names, if any. */
function builtTwin(file: string): URL | undefined {
  const build = process.env[SOURCES_BUILD];
  const relative = path.relative(sourcesDir, file);
  if (!build || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const twin = path.join(build, relative.replace(/\.ts$/, '.js'));
  return existsSync(twin) ? pathToFileURL(twin) : undefined;
}

/**
 * Starts `./<name>.js` (or `.ts`) beside the module at `moduleUrl` (the caller's
 * `import.meta.url`) with `workerData` and a bounded heap.
 */
export function startWorkerBeside(
  moduleUrl: string,
  name: string,
  workerData: unknown,
  resourceLimits: ResourceLimits,
): Worker {
  const source = new URL(moduleUrl);
  const options = {
    workerData,
    resourceLimits,
    stdout: false,
    stderr: false,
    env: { ...process.env, FILE_WORK_NICE: String(workerNice) },
  };
  if (!source.pathname.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, source), { ...options, execArgv: [] });
  const twin = builtTwin(fileURLToPath(new URL(`./${name}.ts`, source)));
  if (twin) return new Worker(twin, { ...options, execArgv: [] });
  // From the sources the worker registers tsx itself, then loads its TypeScript: with
  // `--import tsx` in the worker's execArgv, a worker started from a process running under tsx
  // (`npm run dev`) or from plain node refused the `.ts` file (tsx's hooks came too late).
  const file = new URL(`./${name}.ts`, source).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); });`,
    { ...options, eval: true, execArgv: [] },
  );
}

/** What a drawing worker sends back: the file, or why it stopped. */
export type FileMessage = { bytes: Uint8Array } | { error: string };

/** The file a drawing worker sent (without a copy), or its error thrown. */
export function fileOf(message: FileMessage): Buffer {
  if (!('bytes' in message)) throw new Error(message.error);
  return Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length);
}

/** Starts a drawing worker and resolves with the one file it sends back (pdf-worker.ts,
 * excel-worker.ts); rejects when it sends an error or stops without a file. */
export function fileFromWorker(
  name: 'pdf-worker' | 'excel-worker',
  workerData: unknown,
  resourceLimits: ResourceLimits,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(name, workerData, resourceLimits);
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      work();
      void worker.terminate();
    };
    worker.once('message', (message: FileMessage) =>
      settle(() => {
        try {
          resolve(fileOf(message));
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the ${name} stopped (exit code ${code})`))),
    );
  });
}

/** Sends a drawing worker's file (its own copy, moved to the other thread) or its error. */
export function sendFile(
  port: { postMessage(message: FileMessage, transfer: ArrayBuffer[]): void },
  made: Promise<Uint8Array>,
): void {
  made.then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      port.postMessage({ bytes: copy }, [copy.buffer]);
    },
    (error: unknown) =>
      port.postMessage({ error: String((error as Error | undefined)?.message ?? error) }, []),
  );
}

/**
 * Called in a worker: gives its thread the lowest CPU priority (Linux: /proc/thread-self names
 * its thread id), or the value FILE_WORK_NICE gives, so that work on a busy machine does not take
 * the core of the thread that answers requests. It still uses any core nothing else wants.
 */
export function lowerThisThreadPriority(): void {
  const nice = Number(process.env.FILE_WORK_NICE ?? 19);
  if (process.platform !== 'linux' || !(nice > 0)) return;
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // no /proc: the normal priority
  }
}
