// How long the event loop is held while work runs, measured as the event-loop guard of issue 30
// wants it on a busy machine. A timer every 10 ms notes how late it fires; a gap counts only as
// far as the loop's own thread spent CPU in it (process.threadCpuUsage): a loop that is late
// because other processes (the other test lanes) had the cores was not held by a request, while
// a request that computes on this thread is counted whatever the machine's load. The gap still
// open when the work ends counts too: an in-memory database answers through promises alone, so a
// request can hold the loop from its start to its end without one turn of it (perf_hooks'
// monitorEventLoopDelay records nothing then).
import { performance } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/** CPU time, in ms, this thread (the event loop's) has used so far. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** Starts watching; `stop()` ends it and answers the longest hold in ms. */
export function watchEventLoop(): { stop(): number } {
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let longest = 0;
  const note = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    longest = Math.max(longest, Math.min(now - last - RESOLUTION_MS, cpu - lastCpu));
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(note, RESOLUTION_MS);
  return {
    stop: () => {
      note();
      clearInterval(timer);
      return longest;
    },
  };
}
