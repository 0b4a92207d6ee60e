// Worker threads kept from one job to the next (the PDF worker, the statement readers). Starting a
// worker costs more than most jobs: loading its modules (pdfkit and the fonts, iconv-lite's tables)
// took 0.4 to 0.9 s of processor time on a two-core machine, against milliseconds for a payslip
// or a one-line statement. A job is posted to the worker and answered by its one message; the
// worker is then kept when the caller says so (a small job that went well) and its heap is small
// again, and it is ended, its memory given back, when it has had no job for `idleMs`, when the
// caller does not keep it, when its heap stayed large, and when it fails or stops.
import type { Worker } from 'node:worker_threads';
import { currentWorkerNice } from './worker.js';

interface Idle {
  worker: Worker;
  nice: number;
  timer: NodeJS.Timeout;
}

/** What a caller makes of a worker's answer to one job. */
export interface JobHandlers<M, R> {
  /** The result of the job from the worker's message (may reject). */
  answer: (message: M) => R | Promise<R>;
  /** Whether the worker may be kept after this message (a small job that went well). */
  keep: (message: M) => boolean;
  /** A result instead of rejecting when the worker fails (its heap ran out, say); else none. */
  failed?: (error: Error & { code?: string }) => R | undefined;
}

export interface KeptWorkersOptions {
  /** How long a worker with no job is kept. */
  idleMs?: number;
  /**
   * A worker whose heap still holds more than this after its job is ended, not kept. After a
   * small job the PDF worker held 29-40 MB and a statement reader 16-21 MB (garbage included,
   * pdf-worker and statements tests); a small zipped spreadsheet can leave far more.
   */
  keepUnderHeapBytes?: number;
}

export class KeptWorkers {
  /** Workers waiting for a job, the last handed back first. */
  private readonly idle: Idle[] = [];
  /** The nice value each worker started with: one started with another is not reused. */
  private readonly nices = new WeakMap<Worker, number>();
  private readonly idleMs: number;
  private readonly keepUnderHeapBytes: number;

  constructor(
    /** Named in the error when a worker stops before it answers. */
    private readonly name: string,
    private readonly start: () => Worker,
    { idleMs = 30_000, keepUnderHeapBytes = 64 * 1024 * 1024 }: KeptWorkersOptions = {},
  ) {
    this.idleMs = idleMs;
    this.keepUnderHeapBytes = keepUnderHeapBytes;
  }

  /** Posts `job` to a kept or new worker; settles with what `handlers` make of its answer. */
  run<M, R>(job: unknown, { answer, keep, failed }: JobHandlers<M, R>): Promise<R> {
    const worker = this.take();
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      const settle = (kept: boolean, work: () => void) => {
        if (settled) return;
        settled = true;
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // The worker is back in the pool (or ended) before the caller goes on: a next job
        // queued behind this one finds it kept.
        void this.give(worker, kept).then(work);
      };
      const onMessage = (message: M) =>
        settle(keep(message), () => {
          try {
            Promise.resolve(answer(message)).then(resolve, reject);
          } catch (error) {
            reject(error as Error);
          }
        });
      const onError = (error: Error & { code?: string }) =>
        settle(false, () => {
          const instead = failed?.(error);
          if (instead === undefined) reject(error);
          else resolve(instead);
        });
      const onExit = (code: number) =>
        settle(false, () => reject(new Error(`the ${this.name} stopped (exit code ${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      try {
        worker.postMessage(job);
      } catch (error) {
        // Content that cannot be sent to another thread: the worker never saw it.
        settle(false, () => reject(error as Error));
      }
    });
  }

  /** A kept worker started at the current priority, or a new one. */
  private take(): Worker {
    for (let kept = this.idle.pop(); kept; kept = this.idle.pop()) {
      clearTimeout(kept.timer);
      if (kept.nice === currentWorkerNice()) {
        kept.worker.ref();
        return kept.worker;
      }
      void kept.worker.terminate();
    }
    const worker = this.start();
    this.nices.set(worker, currentWorkerNice());
    // Between jobs nothing else listens: a worker that fails or stops then is dropped.
    worker.on('error', () => this.drop(worker));
    worker.on('exit', () => this.drop(worker));
    return worker;
  }

  /** Hands `worker` back after its job: kept for the next one when `keep` and its heap is
   * small again (a small file can still unpack into a large one), else ended. */
  private async give(worker: Worker, keep: boolean): Promise<void> {
    if (keep) {
      const heap = await worker.getHeapStatistics().catch(() => undefined);
      // Undefined: it stopped meanwhile, nothing to keep.
      if (heap && heap.used_heap_size <= this.keepUnderHeapBytes) return this.park(worker);
    }
    void worker.terminate();
  }

  private park(worker: Worker): void {
    // An idle worker keeps nothing running: the process may end without it.
    worker.unref();
    const timer = setTimeout(() => {
      this.drop(worker);
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    this.idle.push({ worker, nice: this.nices.get(worker) ?? currentWorkerNice(), timer });
  }

  private drop(worker: Worker): void {
    const at = this.idle.findIndex((kept) => kept.worker === worker);
    if (at < 0) return;
    clearTimeout(this.idle[at]!.timer);
    this.idle.splice(at, 1);
  }
}
