// POST /api/remote-health (signed in, not a viewer, bounded in size and per user, nothing stored
// from a bad report), counted only for what /remotes.json served the reporting user and once per
// load; the Releases calls (admins only) and the Activity lines of the deploy command's promotes
// and rollbacks. The automatic decisions are hostile-rollout.test.ts's.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { readDeployState, versionDir } from '../src/releases/deploy-state.js';
import { HEALTH_REPORTS_PER_MINUTE } from '../src/releases/routes.js';
import { LOADS_PER_USER_PER_MINUTE } from '../src/releases/remote-loads.js';
import { ADMIN, bearer, login, rows } from './helpers.js';
import {
  activity,
  clerks,
  ctx,
  deploy,
  loads,
  releases,
  report,
  seenLoad,
  served,
  tokens,
  useHealthFixture,
  webRoot,
} from './remote-health-fixture.js';
import { runDeploy } from './server-process.js';

useHealthFixture();

describe('POST /api/remote-health', () => {
  it('counts a load only for the version /remotes.json served that user, once, with its worst outcome', async () => {
    const one = deploy('one');
    const first = await served(tokens.staff);
    expect(first).toEqual({ load: expect.stringMatching(/^[0-9a-f-]{36}$/), version: one });
    const line = { remote: 'reports', version: one, load: first.load };

    // Loaded three times and then thrown while rendering: one load, a render error.
    const response = await report(tokens.staff, {
      events: [
        { ...line, event: 'loaded', count: 3 },
        { ...line, event: 'render_error' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: 1 });
    // The same load again: "loaded" changes nothing, a worse outcome replaces the one it holds.
    expect((await report(tokens.staff, { events: [{ ...line, event: 'loaded' }] })).json()).toEqual(
      { counted: 0 },
    );
    expect(
      (
        await report(tokens.staff, { events: [{ ...line, event: 'failed', stage: 'chunk' }] })
      ).json(),
    ).toEqual({ counted: 1 });
    const second = await served(tokens.staff);
    expect(second.load).not.toBe(first.load);
    await report(tokens.staff, {
      events: [{ remote: 'reports', version: one, load: second.load, event: 'loaded', count: 50 }],
    });
    expect((await releases()).served?.lastHour).toEqual({
      loads: 2,
      failures: 1,
      failedLoads: 1,
      renderErrors: 0,
      integrityRefusals: 0,
    });

    // Nothing counts that was not served to this user in that load; each is still answered 200.
    const adminLoad = await served(tokens.admin);
    for (const events of [
      [{ remote: 'reports', version: one, event: 'failed', stage: 'entry' }],
      [{ ...line, load: randomUUID(), event: 'failed', stage: 'entry' }],
      [{ ...line, load: adminLoad.load, event: 'failed', stage: 'entry' }],
      [{ ...line, version: 'abcdefabcdef', load: second.load, event: 'failed', stage: 'entry' }],
      [{ remote: 'people', version: one, load: second.load, event: 'failed', stage: 'entry' }],
      [{ remote: 'people', version: 'unversioned', event: 'failed', stage: 'entry' }],
    ]) {
      const ignored = await report(tokens.staff, { events });
      expect({ events, status: ignored.statusCode, body: ignored.json() }).toEqual({
        events,
        status: 200,
        body: { counted: 0 },
      });
    }
    const staffId = (await loads())[0]!.user_id;
    expect(await loads()).toEqual([
      { user_id: staffId, version: one, outcome: 'failed', stage: 'chunk' },
      { user_id: staffId, version: one, outcome: 'loaded', stage: null },
      { user_id: expect.any(Number), version: one, outcome: null, stage: null },
    ]);
  });

  it('gives no load to a user signed out, and none when nothing is deployed', async () => {
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: bearer(tokens.staff),
    });
    expect(none.json()).not.toHaveProperty('health');
    deploy('one');
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(signedOut.json()).not.toHaveProperty('health');
    expect(await loads()).toEqual([]);
  });

  it('names no more loads for one user than page loads could need, still serving the list', async () => {
    const one = deploy('one');
    // A user no list was served to before.
    const [clerk] = await clerks(1, 900);
    for (let n = 0; n < LOADS_PER_USER_PER_MINUTE; n += 1) {
      expect((await served(clerk!.token)).load).not.toBe('');
    }
    // The next one within the minute: the list, without a load, and nothing recorded.
    const beyond = await served(clerk!.token);
    expect(beyond).toEqual({ version: one, load: '' });
    expect(await loads()).toHaveLength(LOADS_PER_USER_PER_MINUTE);
    // Another user is not held back by it.
    expect((await served(tokens.staff)).load).not.toBe('');
  });

  it('refuses a report without a session, from a viewer, or malformed, and stores nothing', async () => {
    const one = deploy('one');
    const { load } = await served(tokens.staff);
    const good = { events: [{ remote: 'reports', version: one, event: 'loaded', load }] };
    expect((await report(undefined, good)).statusCode).toBe(401);
    expect((await report('no-such-session', good)).statusCode).toBe(401);
    const viewer = await report(tokens.viewer, good);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const line = good.events[0]!;
    const tooMany = Array.from({ length: 51 }, () => line);
    for (const payload of [
      {},
      { events: [] },
      { events: tooMany },
      { events: [{ ...line, event: 'exploded' }] },
      { events: [{ ...line, version: 'v1' }] },
      { events: [{ ...line, remote: 'Reports!' }] },
      { events: [{ ...line, remote: 'billing' }] },
      { events: [{ ...line, count: 0 }] },
      { events: [{ ...line, count: 1000 }] },
      { events: [{ ...line, extra: 'x' }] },
      { events: [{ ...line, event: 'failed', stage: 'render' }] },
      { events: [{ ...line, load: 'not-a-load' }] },
      { events: [{ ...line, load: "1' OR '1'='1" }] },
      { events: 'loaded' },
    ]) {
      const response = await report(tokens.staff, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await loads()).map((row) => row.outcome)).toEqual([null]);
  });

  it('answers 429 beyond its reports a minute per user, a new sign-in giving no new allowance', async () => {
    const one = deploy('one');
    const { load } = await served(tokens.staff);
    const good = { events: [{ remote: 'reports', version: one, event: 'loaded', load }] };
    for (let n = 0; n < HEALTH_REPORTS_PER_MINUTE; n += 1) {
      expect((await report(tokens.staff, good)).statusCode).toBe(200);
    }
    const again = await login(ctx.app, { email: 'staff@test.local', password: 'staff-password-1' });
    for (const token of [tokens.staff, again]) {
      const refused = await report(token, good);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'too_many_health_reports',
        message: 'Too many health reports from this user: wait a minute',
      });
    }
    // Another user has their own allowance.
    expect((await report(tokens.admin, good)).statusCode).toBe(200);
  });
});

describe('npm run deploy -- --promote / --rollback', () => {
  const cli = (...args: string[]) => runDeploy(webRoot, args);
  const noted = () => path.join(webRoot, 'mf-reports', 'releases', 'unrecorded.jsonl');

  it('are in the Activity once the server looks, once with two app instances, by the account that ran them', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 10 });
    expect((await cli('--promote', 'reports')).code).toBe(0);
    // The command opened no database: nothing is in the Activity yet.
    expect(await activity('rollout_promoted')).toEqual([]);
    const other = await buildApp(ctx.config, {
      database: ctx.database,
      logger: false,
      autoPostRecurring: false,
      foldRollups: false,
      scheduleBackups: false,
      watchRollout: false,
    });
    try {
      const written = await Promise.all([
        ctx.app.rolloutWatch!.recordCommandChanges(),
        other.rolloutWatch!.recordCommandChanges(),
      ]);
      expect(written.sort()).toEqual([0, 1]);
      const [promoted] = await activity('rollout_promoted');
      expect(promoted).toMatchObject({ kind: 'release', recordId: 'mf-reports', actor: null });
      expect(promoted!.changes).toEqual(
        expect.arrayContaining([
          { field: 'served', before: one, after: null },
          expect.objectContaining({ field: 'nowServed', after: two }),
          expect.objectContaining({
            field: 'by',
            after: expect.stringMatching(/^npm run deploy \(.+\)$/),
          }),
        ]),
      );
      expect(readFileSync(noted(), 'utf8')).toBe('');

      expect((await cli('--rollback', 'reports')).code).toBe(0);
      expect(await other.rolloutWatch!.check()).toEqual([]);
      const [rolledBack] = await activity('rollout_rolled_back');
      expect(rolledBack!.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'nowServed', after: one }),
          expect.objectContaining({ field: 'rolledBackFrom', after: two }),
        ]),
      );
      // Looked at again, by either: nothing more.
      expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(0);
      expect(await activity('rollout_promoted')).toHaveLength(1);
      expect(await activity('rollout_rolled_back')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('are recorded once when the file could not be emptied after the lines were written', async () => {
    deploy('one');
    deploy('two', { share: 10 });
    expect((await cli('--promote', 'reports')).code).toBe(0);
    const before = readFileSync(noted(), 'utf8');
    expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(1);
    // As if the process had stopped between writing the line and emptying the file.
    writeFileSync(noted(), `${before}not json\n`);
    expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(0);
    expect(await activity('rollout_promoted')).toHaveLength(1);
    expect(existsSync(noted()) && readFileSync(noted(), 'utf8')).toBe('');
  });
});

describe('the Releases calls', () => {
  it('say which version has its files missing on the server', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 25 });
    expect(await releases()).toMatchObject({
      served: { version: one, filesMissing: false },
      canary: { version: two, filesMissing: false },
    });
    rmSync(versionDir(webRoot, 'reports', one), { recursive: true });
    expect(await releases()).toMatchObject({
      served: { version: one, filesMissing: true },
      canary: { version: two, filesMissing: false },
    });
  });

  it('list each remote with its served version, its canary and their health, to admins only', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 25 });
    // A load of the canary (as /remotes.json would have given it) that loaded, then threw.
    const staffId = (
      await rows<{ id: number }>(ctx, "SELECT id FROM users WHERE email = 'staff@test.local'")
    )[0]!.id;
    for (const outcome of ['loaded', 'loaded', 'render_error']) {
      await seenLoad(staffId, two, outcome);
    }
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/releases',
      headers: bearer(tokens.admin),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      releases: { remote: string; served: unknown; canary: unknown }[];
      rollback: unknown;
    }>();
    expect(body.rollback).toEqual({ minUsers: 3, maxExtraFailurePct: 5 });
    const reports = body.releases.find((r) => r.remote === 'reports');
    expect(reports?.served).toMatchObject({
      version: one,
      commit: '0123abcd4567',
      builtAgainst: { 'shared-ui': '1.0.0', contract: '1.0.0' },
      lastHour: { loads: 0, failures: 0 },
    });
    expect(reports?.canary).toMatchObject({
      version: two,
      share: 25,
      autoPromoteAt: null,
      lastHour: { loads: 3, failures: 1, renderErrors: 1 },
      lastDay: { loads: 3, failures: 1 },
    });
    expect(body.releases.find((r) => r.remote === 'people')).toMatchObject({
      served: null,
      canary: null,
    });
    for (const token of [tokens.staff, tokens.viewer]) {
      for (const [method, url] of [
        ['GET', '/api/releases'],
        ['POST', '/api/releases/reports/promote'],
        ['POST', '/api/releases/reports/rollback'],
      ] as const) {
        const refused = await ctx.app.inject({ method, url, headers: bearer(token) });
        expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
      }
    }
    expect(readDeployState(webRoot, 'reports')?.canary?.version).toBe(two);
  });

  it('promote and roll back as the commands do, recorded in the Activity, and refuse what they cannot do', async () => {
    const post = (url: string) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(tokens.admin) });
    expect((await post('/api/releases/reports/promote')).statusCode).toBe(409);
    const one = deploy('one');
    const none = await post('/api/releases/reports/promote');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      code: 'no_canary',
      message: 'This remote has no canary to promote',
    });
    expect((await post('/api/releases/reports/rollback')).json()).toMatchObject({
      code: 'nothing_to_roll_back',
    });
    expect((await post('/api/releases/billing/promote')).statusCode).toBe(404);
    expect((await post('/api/releases/Bad!/promote')).statusCode).toBe(400);

    const two = deploy('two', { share: 10 });
    const promoted = await post('/api/releases/reports/promote');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      message: 'Canary promoted: everyone gets it now',
      served: two,
    });
    const rolledBack = await post('/api/releases/reports/rollback');
    expect(rolledBack.json()).toEqual({ message: 'Rolled back', served: one });
    const [promotedLine] = await activity('rollout_promoted');
    expect(promotedLine).toMatchObject({ kind: 'release', recordId: 'mf-reports' });
    expect(promotedLine?.actor).toMatchObject({ email: ADMIN.email });
    expect(await activity('rollout_rolled_back')).toHaveLength(1);
  });
});
