// Keeps a backup taken by the running server from taking the machine: it works for a slice of
// time, then rests, and while it rests nothing is read (PostgreSQL's COPY waits on the socket)
// and nothing is compressed. A backup at full speed keeps PostgreSQL, gzip and the thread that
// hashes busy at once: two cores' worth, which on a small machine left the server's requests
// waiting.
import { setTimeout as sleep } from 'node:timers/promises';

export interface Pace {
  /** Work this long (ms) ... */
  workMs: number;
  /** ... then rest this long (ms). */
  restMs: number;
}

/** The server's pace: a third of the time at work (docs/decisions/012-backup-format.md). */
export const SERVER_PACE: Pace = { workMs: 50, restMs: 100 };

export class Pacer {
  private sliceStart = performance.now();

  constructor(private readonly pace?: Pace) {}

  /** Called between pieces of work: rests once the current slice of work is used up. */
  async step(): Promise<void> {
    if (!this.pace) return;
    if (performance.now() - this.sliceStart < this.pace.workMs) return;
    await sleep(this.pace.restMs);
    this.sliceStart = performance.now();
  }
}
