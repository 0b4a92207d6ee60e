// The pace of the running server's backups (src/backup/pace.ts): work for a slice of time, then
// rest, so that a backup leaves the machine to the requests it serves meanwhile.
import { Pacer } from '../src/backup/pace.js';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // working
  }
};

test('rests for restMs once each slice of workMs is used up, and not before', async () => {
  const pacer = new Pacer({ workMs: 200, restMs: 60 });
  let started = performance.now();
  await pacer.step();
  expect(performance.now() - started).toBeLessThan(50);

  busyFor(210);
  started = performance.now();
  await pacer.step();
  expect(performance.now() - started).toBeGreaterThanOrEqual(59);

  // A new slice begins after the rest.
  started = performance.now();
  await pacer.step();
  expect(performance.now() - started).toBeLessThan(50);
});

test('without a pace, never rests', async () => {
  const pacer = new Pacer();
  busyFor(20);
  const started = performance.now();
  await pacer.step();
  expect(performance.now() - started).toBeLessThan(50);
});
