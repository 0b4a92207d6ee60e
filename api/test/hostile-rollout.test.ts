// Hostile health reports against a canary (part of `npm run test:hostile`), and the automatic
// decisions taken on honest ones. The rollback is judged over distinct users: one user's
// failures, forged for a version never served or many of their own, never force one, and one
// user's loads ("loaded" by the thousand) never hold one off; the Activity line says what
// triggered it and by what; it happens once with two app instances on one database, each
// serving and counting a part; and the automatic promote.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { readDeployState } from '../src/releases/deploy-state.js';
import { userBucket } from '../src/releases/rollout.js';
import { rows } from './helpers.js';
import {
  activity,
  clerks,
  ctx,
  deploy,
  loadAndReport,
  releases,
  report,
  seenLoad,
  served,
  useHealthFixture,
  webRoot,
} from './remote-health-fixture.js';

useHealthFixture();

describe('automatic rollback of a canary', () => {
  /** Served `one`, canary `two` at 50%, and clerks on each side of it. */
  const servedAndCanary = async (count = 12) => {
    const one = deploy('one');
    const two = deploy('two', { share: 50 });
    const all = await clerks(count);
    const inside = all.filter((clerk) => userBucket(clerk.id, 'reports', two) < 50);
    const outside = all.filter((clerk) => userBucket(clerk.id, 'reports', two) >= 50);
    return { one, two, inside, outside };
  };
  const stillCanary = () => readDeployState(webRoot, 'reports')?.canary?.version;

  it("is not forced by one user's failures: forged for a version never served, or many of one's own", async () => {
    const { one, two, inside, outside } = await servedAndCanary();
    expect(inside.length).toBeGreaterThanOrEqual(3);
    expect(outside.length).toBeGreaterThanOrEqual(1);
    // A user on the served version sends 50 failures for the canary: none of it was served.
    const forger = outside[0]!;
    const { load } = await served(forger.token);
    const forged = await report(forger.token, {
      events: [
        { remote: 'reports', version: two, event: 'failed', stage: 'chunk', load, count: 50 },
        ...Array.from({ length: 49 }, () => ({
          remote: 'reports',
          version: two,
          event: 'integrity_refused',
          load: randomUUID(),
          count: 50,
        })),
      ],
    });
    expect(forged.json()).toEqual({ counted: 0 });
    // Three users load the canary fine; one of them then fails it on ten page loads.
    for (const clerk of inside.slice(0, 3)) expect(await loadAndReport(clerk, 'loaded')).toBe(two);
    for (let n = 0; n < 10; n += 1) await loadAndReport(inside[0]!, 'render_error');
    await loadAndReport(outside[0]!, 'loaded');
    // 1 of 3 users failing (33%) against 0 of 1: beyond the points, but one user's alone.
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    expect(stillCanary()).toBe(two);
    expect((await releases()).canary?.lastHour).toMatchObject({ loads: 13, renderErrors: 10 });
    expect(one).not.toBe(two);
  });

  it("is not blocked by one user's loads, and says in the Activity what triggered it", async () => {
    const { one, two, inside, outside } = await servedAndCanary();
    // One user on the canary reports 2,500 "loaded" over the ten page loads they had.
    const blocker = inside[3]!;
    for (let n = 0; n < 10; n += 1) {
      const { load } = await served(blocker.token);
      const response = await report(blocker.token, {
        events: [{ remote: 'reports', version: two, event: 'loaded', load, count: 50 }],
      });
      expect(response.json()).toEqual({ counted: 1 });
    }
    await report(blocker.token, {
      events: Array.from({ length: 50 }, () => ({
        remote: 'reports',
        version: two,
        event: 'loaded',
        load: randomUUID(),
        count: 50,
      })),
    });
    // One more user loads it fine, two load the served version fine; then two users fail on it.
    await loadAndReport(inside[2]!, 'loaded');
    for (const clerk of outside.slice(0, 2)) await loadAndReport(clerk, 'loaded');
    await loadAndReport(inside[0]!, 'render_error');
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    await loadAndReport(inside[1]!, 'failed');
    // 2 of 4 users failing on the canary (50%) against 0 of 2: rolled back, whatever the 2,500.
    await ctx.app.rolloutWatch!.check();
    const state = readDeployState(webRoot, 'reports');
    expect(state?.canary).toBeUndefined();
    expect(state?.current).toBe(one);
    expect(state?.versions.find((v) => v.version === two)?.rolledBack).toBe(true);

    const lines = await activity('rollout_rolled_back');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'release', recordId: 'mf-reports', actor: null });
    const changed = Object.fromEntries(lines[0]!.changes.map((c) => [c.field, c.after]));
    expect(changed).toMatchObject({
      by: 'automatic rollback',
      trigger:
        '2 of 4 users failed on the canary (50%; 2 of 13 loads) against ' +
        '0 of 2 on the served version (0%; 0 of 2 loads)',
      canaryUsers: 4,
      canaryFailedUsers: 2,
      canaryFailurePct: 50,
      canaryLoads: 13,
      canaryFailures: 2,
      servedUsers: 2,
      servedFailedUsers: 0,
      servedFailurePct: 0,
      minUsers: 3,
      automatic: true,
      nowServed: one,
    });
    // Nothing more to decide.
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
  });

  it('waits for enough users, and leaves a canary that fails no more than the allowed points above the served version', async () => {
    const { one, two } = await servedAndCanary(0);
    // Users of their own, each served one load: 20 on the served version (2 failing, 10%) and
    // 20 on the canary (3 failing, 15%): 5 points, not more than 5.
    const ids = await rows<{ id: number }>(
      ctx,
      `INSERT INTO users (name, email, password_hash, role)
       SELECT 'User ' || n, 'user' || n || '@test.local', 'x', 'staff' FROM generate_series(1, 40) n
       RETURNING id`,
    );
    const seen = (n: number, version: string, outcome: string) =>
      seenLoad(ids[n]!.id, version, outcome);
    for (let n = 0; n < 20; n += 1) await seen(n, one, n < 2 ? 'failed' : 'loaded');
    for (let n = 20; n < 22; n += 1) await seen(n, two, 'render_error');
    // Two users, both failing: fewer than three users, not judged yet.
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    for (let n = 22; n < 40; n += 1) await seen(n, two, n < 23 ? 'failed' : 'loaded');
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    expect(stillCanary()).toBe(two);
    // One more failing user: 4 of 20 (20%), 10 points above: rolled back.
    await rows(ctx, `UPDATE remote_loads SET outcome = 'failed' WHERE user_id = ${ids[39]!.id}`);
    expect(await ctx.app.rolloutWatch!.check()).toEqual([
      expect.objectContaining({ kind: 'rolled back', version: two, served: one }),
    ]);
  });

  it('happens once when two app instances on one database decide, each serving and counting a part', async () => {
    const { one, two, inside, outside } = await servedAndCanary();
    const other = await buildApp(ctx.config, {
      database: ctx.database,
      logger: false,
      autoPostRecurring: false,
      foldRollups: false,
      scheduleBackups: false,
      watchRollout: false,
    });
    try {
      // Each instance serves and counts some of the users: they add up in the same rows, and a
      // load served by one is counted when reported to the other.
      await loadAndReport(inside[0]!, 'integrity_refused');
      await loadAndReport(inside[1]!, 'render_error', other);
      const { load, version } = await served(inside[2]!.token, other);
      expect(
        (
          await report(inside[2]!.token, {
            events: [{ remote: 'reports', version, event: 'failed', stage: 'entry', load }],
          })
        ).json(),
      ).toEqual({ counted: 1 });
      await loadAndReport(outside[0]!, 'loaded', other);
      // Both reports started checks in their instances; more race them here.
      const decisions = (
        await Promise.all([
          ctx.app.rolloutWatch!.check(),
          other.rolloutWatch!.check(),
          other.rolloutWatch!.check(),
          ctx.app.rolloutWatch!.check(),
        ])
      ).flat();
      expect(decisions.every((d) => d.kind === 'rolled back' && d.version === two)).toBe(true);
      expect(await activity('rollout_rolled_back')).toHaveLength(1);
      expect(readDeployState(webRoot, 'reports')?.current).toBe(one);
    } finally {
      await other.close();
    }
  });

  it('promotes a canary by itself once its --auto-promote time has passed', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 10, autoPromoteMinutes: 30 });
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await ctx.app.rolloutWatch!.check(later)).toEqual([
      expect.objectContaining({ kind: 'promoted', version: two, served: two }),
    ]);
    expect(readDeployState(webRoot, 'reports')).toMatchObject({ current: two });
    expect(readDeployState(webRoot, 'reports')?.canary).toBeUndefined();
    const promoted = await activity('rollout_promoted');
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'by', after: 'automatic promote' }),
      ]),
    );
    expect(one).not.toBe(two);
  });
});
