// How long the event loop is held while work runs (the event-loop guard of issue 30): the longest
// piece of work the loop's own thread did without a turn, counted in that thread's CPU time, not
// in time on the clock. A timer every 10 ms marks the turns; between two marks, the piece is the
// CPU time the thread spent (process.threadCpuUsage), so other processes that take the core
// meanwhile (the other test lanes on a shared machine) add nothing to it, and the same request
// measures the same whatever the machine's load. The piece still open when the work ends counts
// too: an in-memory database answers through promises alone, so a request can hold the loop from
// its start to its end without one turn of it (perf_hooks' monitorEventLoopDelay records nothing
// then).
//
// The garbage collector's full collections on the thread are left out of a piece: how long V8 pauses the
// thread depends on how much its helper threads could mark meanwhile, i.e. on the machine's load,
// and what the collector finds depends on everything the process did before (the test files
// before this one in the same worker, their set-up). What one request costs in memory is the
// memory tests' to check (exports-memory, the hostile import files' peak).
import {
  PerformanceObserver,
  constants,
  performance,
  type PerformanceEntry,
} from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/** CPU time, in ms, this thread (the event loop's) has used so far. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** A full collection (mark-compact): the pause whose length the machine's load sets. The young
 * generation's quick scavenges are counted as the work that made the garbage. */
const major = (entry: PerformanceEntry) =>
  (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
  constants.NODE_PERFORMANCE_GC_MAJOR;

interface Piece {
  from: number;
  to: number;
  cpu: number;
}

/** Starts watching; `stop()` ends it and answers the longest piece of work in ms. */
export function watchEventLoop(): { stop(): Promise<number> } {
  const pauses: PerformanceEntry[] = [];
  const collector = new PerformanceObserver((list) =>
    pauses.push(...list.getEntries().filter(major)),
  );
  collector.observe({ entryTypes: ['gc'] });
  const pieces: Piece[] = [];
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const note = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    pieces.push({ from: last, to: now, cpu: cpu - lastCpu });
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(note, RESOLUTION_MS);
  return {
    async stop() {
      note();
      clearInterval(timer);
      // The collector's entries are handed over after the pause, on a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      pauses.push(...collector.takeRecords().filter(major));
      collector.disconnect();
      let longest = 0;
      for (const piece of pieces) {
        let paused = 0;
        for (const pause of pauses) {
          const overlap =
            Math.min(piece.to, pause.startTime + pause.duration) -
            Math.max(piece.from, pause.startTime);
          if (overlap > 0) paused += overlap;
        }
        longest = Math.max(longest, piece.cpu - paused);
      }
      return longest;
    },
  };
}
