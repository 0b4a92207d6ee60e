// The pace of the running server's backups (src/backup/pace.ts): work for a slice of time, then
// rest, so that a backup leaves the machine to the requests it serves meanwhile.
//
// Whether a step rested is told by what ran first, not by a stopwatch: a step that does not rest
// ends before the next turn of the event loop, and one that rests ends after a timer set for a
// little less than its rest. A busy machine delays both alike.
import { Pacer } from '../src/backup/pace.js';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // working
  }
};

/** Which ends first: the step, or a timer of `ms` (0: the next turn of the event loop). */
const firstOf = (step: Promise<void>, ms: number) =>
  Promise.race([
    step.then(() => 'step'),
    new Promise<string>((resolve) =>
      ms === 0 ? setImmediate(() => resolve('turn')) : setTimeout(() => resolve('timer'), ms),
    ),
  ]);

test('rests for restMs once each slice of workMs is used up, and not before', async () => {
  const pacer = new Pacer({ workMs: 200, restMs: 60 });
  expect(await firstOf(pacer.step(), 0)).toBe('step');

  busyFor(210);
  const resting = pacer.step();
  expect(await firstOf(resting, 40)).toBe('timer');
  await resting;

  // A new slice begins after the rest.
  expect(await firstOf(pacer.step(), 0)).toBe('step');
});

test('without a pace, never rests', async () => {
  const pacer = new Pacer();
  busyFor(20);
  expect(await firstOf(pacer.step(), 0)).toBe('step');
});
