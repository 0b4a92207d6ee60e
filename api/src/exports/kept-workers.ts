// Worker threads kept from one job to the next (the PDF worker, the statement readers). Starting a
// worker costs more than most jobs: loading its modules (pdfkit and the fonts, iconv-lite's tables)
// took 0.4 to 0.9 s of processor time on a two-core machine, against milliseconds for a payslip
// or a one-line statement. A worker is handed back after each job and kept when the caller says
// so (a small job that went well); it is ended, and its memory given back, when it has had no job
// for `idleMs`, when the caller does not keep it, and when it fails or stops.
import type { Worker } from 'node:worker_threads';
import { currentWorkerNice } from './worker.js';

interface Idle {
  worker: Worker;
  nice: number;
  timer: NodeJS.Timeout;
}

export class KeptWorkers {
  /** Workers waiting for a job, the last handed back first. */
  private readonly idle: Idle[] = [];
  /** The nice value each worker started with: one started with another is not reused. */
  private readonly nices = new WeakMap<Worker, number>();

  constructor(
    private readonly start: () => Worker,
    private readonly idleMs = 30_000,
  ) {}

  /** A kept worker started at the current priority, or a new one. */
  take(): Worker {
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

  /** Hands `worker` back after its job: kept for the next one when `keep`, else ended. */
  give(worker: Worker, keep: boolean): void {
    if (!keep) {
      this.drop(worker);
      void worker.terminate();
      return;
    }
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
