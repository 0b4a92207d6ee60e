// Long reads give the event loop a turn now and then, so that one file being read never holds up
// other requests for long.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/**
 * A function to await between pieces of work: it yields to the event loop once the work has held
 * it for `slice` milliseconds, and costs a clock read otherwise.
 */
export function pacer(slice = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < slice) return;
    await nextTurn();
    since = performance.now();
  };
}
