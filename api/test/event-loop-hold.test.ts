// The meter of the event-loop guard (event-loop-hold.ts) sees a hold by the work the loop's own
// thread does, whatever the machine's load: a piece of 300 ms of this thread's CPU time is counted
// whole, the same work cut into pieces with turns between is counted piece by piece, and a pause
// of the garbage collector is left out.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { watchEventLoop } from './event-loop-hold.js';

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** Computes on this thread until it has used `ms` of CPU time (not time on the clock). */
const compute = (ms: number) => {
  const until = threadCpuMs() + ms;
  let spin = 0;
  while (threadCpuMs() < until) spin += 1;
  return spin;
};
const turn = () => new Promise((resolve) => setTimeout(resolve, 15));

/**
 * A full collection now, so that none falls inside the measured work: the meter leaves out a
 * collector's pause by its time on the clock, which on a busy machine runs past the CPU time the
 * pause took, and would take some of the work out with it.
 */
const collectFirst = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

test('a piece of 300 ms of work without a turn is counted whole', async () => {
  await turn();
  collectFirst();
  const loop = watchEventLoop();
  await turn();
  compute(300);
  await turn();
  const held = await loop.stop();
  expect(held).toBeGreaterThanOrEqual(300);
  expect(held).toBeLessThan(400);
});

test('work still under way when the watch stops is counted, with no turn at all', async () => {
  await turn();
  collectFirst();
  const loop = watchEventLoop();
  compute(250);
  expect(await loop.stop()).toBeGreaterThanOrEqual(250);
});

test('the same work cut into pieces with turns between counts as its longest piece', async () => {
  await turn();
  const loop = watchEventLoop();
  for (let i = 0; i < 10; i += 1) {
    compute(30);
    await turn();
  }
  const held = await loop.stop();
  expect(held).toBeGreaterThanOrEqual(30);
  expect(held).toBeLessThan(100);
});

test("the garbage collector's pause is left out", async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // A heap with much to mark, so that a full collection takes a while on this thread.
  const kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `entry ${i}`, more: [i] }));
  await turn();
  const loop = watchEventLoop();
  await turn();
  const started = threadCpuMs();
  for (let i = 0; i < 5; i += 1) gc();
  const collecting = threadCpuMs() - started;
  await turn();
  const held = await loop.stop();
  expect(kept).toHaveLength(300_000);
  // The collections cost the thread time, and none of it is counted as a hold.
  expect(collecting).toBeGreaterThan(20);
  expect(held).toBeLessThan(collecting / 2);
});
