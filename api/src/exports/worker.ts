// The files are drawn in worker threads of bounded heap (journal-in-worker.ts, pdf-in-worker.ts):
// what an export builds (rows, strings, pages) never grows the heap of the thread that answers
// requests, and a synchronous renderer (pdfkit) never holds that thread. This starts one: from
// the built JavaScript (`npm start`), or from the TypeScript sources through tsx (tests,
// `npm run dev`), whichever this module itself was loaded from.
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Starts `./<name>.js` (or `.ts`) beside this module with `workerData` and a bounded heap. */
export function startWorker(
  name: 'journal-worker' | 'pdf-worker',
  workerData: unknown,
  resourceLimits: ResourceLimits,
): Worker {
  const source = new URL(import.meta.url);
  const typescript = source.pathname.endsWith('.ts');
  return new Worker(new URL(`./${name}.${typescript ? 'ts' : 'js'}`, source), {
    workerData,
    resourceLimits,
    execArgv: typescript ? ['--import', 'tsx'] : [],
    stdout: false,
    stderr: false,
  });
}
