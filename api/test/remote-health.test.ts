// Health per remote version and what is decided on it: POST /api/remote-health (signed in, not a
// viewer, bounded in size and per user, nothing stored from a bad report), counted only for what
// /remotes.json served the reporting user and once per load, the automatic rollback of a failing
// canary judged over distinct users (once, with two app instances on one database) and its
// Activity line, the automatic promote, and the Releases calls (admins only).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../src/app.js';
import { deployStaged, stageCopy } from '../src/web/deploy.js';
import { readDeployState } from '../src/web/releases.js';
import { HEALTH_REPORTS_PER_MINUTE } from '../src/routes/releases/index.js';
import { userBucket } from '../src/web/rollout.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

const webRoot = mkdtempSync(path.join(tmpdir(), 'remote-health-'));
const builds = mkdtempSync(path.join(tmpdir(), 'remote-health-builds-'));
const setup = await setupDatabase({
  webRoot,
  rollout: { minUsers: 3, maxExtraFailurePct: 5 },
});
let ctx: TestContext;
let tokens: { admin: string; staff: string; viewer: string };

function fakeBuild(label: string): string {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'reports',
      label,
      metaData: { buildInfo: { builtAgainst: { 'shared-ui': '1.0.0', contract: '1.0.0' } } },
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  return dir;
}

const INFO = { builtAt: '2026-11-23T07:00:00.000Z', commit: '0123abcd4567', buildSeconds: 9.5 };
const deploy = (label: string, canary?: { share: number; autoPromoteMinutes?: number }) =>
  deployStaged(
    webRoot,
    'reports',
    stageCopy(webRoot, 'reports', fakeBuild(label)),
    INFO,
    undefined,
    canary,
  ).version;

const report = (token: string | undefined, payload: unknown, app: App = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/remote-health',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

/** One page load's list for the holder of `token`: the load it names and the reports version. */
async function served(token: string, app: App = ctx.app) {
  const response = await app.inject({
    method: 'GET',
    url: '/remotes.json',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ versions?: { reports?: string }; health?: { load: string } }>();
  return { load: body.health?.load ?? '', version: body.versions?.reports ?? '' };
}

/** What each load of mf-reports holds: whose, which version, its outcome. */
const loads = () =>
  rows<{ user_id: number; version: string; outcome: string | null; stage: string | null }>(
    ctx,
    `SELECT user_id, version, outcome, stage FROM remote_loads WHERE remote = 'reports'
      ORDER BY served_at, load_id`,
  );

const releases = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/releases', headers: bearer(tokens.admin) }))
    .json<{
      releases: {
        remote: string;
        served: { version: string; lastHour: Record<string, number> } | null;
        canary: { version: string; lastHour: Record<string, number> } | null;
      }[];
    }>()
    .releases.find((release) => release.remote === 'reports')!;

interface Clerk {
  id: number;
  token: string;
  email: string;
}

/** Registers `count` staff users and signs each in. */
async function clerks(count: number, from = 1): Promise<Clerk[]> {
  const made: Clerk[] = [];
  for (let n = from; n < from + count; n += 1) {
    const email = `clerk${n}@test.local`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(tokens.admin),
      payload: { name: `Clerk ${n}`, email, password: 'clerk-password-1', role: 'staff' },
    });
    expect(created.statusCode).toBe(201);
    const token = await login(ctx.app, { email, password: 'clerk-password-1' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(token),
    });
    made.push({ id: me.json<{ user: { id: number } }>().user.id, token, email });
  }
  return made;
}

/** A page load of `clerk` that reports `event` for the version it was served. */
async function loadAndReport(
  clerk: Clerk,
  event: 'loaded' | 'failed' | 'render_error' | 'integrity_refused',
  app: App = ctx.app,
) {
  const { load, version } = await served(clerk.token, app);
  const response = await report(
    clerk.token,
    {
      events: [
        {
          remote: 'reports',
          version,
          event,
          load,
          ...(event === 'failed' ? { stage: 'chunk' } : {}),
        },
      ],
    },
    app,
  );
  expect(response.json()).toEqual({ counted: 1 });
  return version;
}

const activity = async (action: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/activity?action=${action}`,
      headers: bearer(tokens.admin),
    })
  ).json<{
    users: {
      action: string;
      kind: string;
      recordId: string | null;
      actor: unknown;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
  }>().users;

beforeEach(async () => {
  rmSync(path.join(webRoot, 'mf-reports'), { recursive: true, force: true });
  ctx = await setup.reset({ watchRollout: false });
  const admin = await login(ctx.app, ADMIN);
  for (const [email, role] of [
    ['staff@test.local', 'staff'],
    ['viewer@test.local', 'viewer'],
  ] as const) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: { name: role, email, password: `${role}-password-1`, role },
    });
    expect(created.statusCode).toBe(201);
  }
  tokens = {
    admin,
    staff: await login(ctx.app, { email: 'staff@test.local', password: 'staff-password-1' }),
    viewer: await login(ctx.app, { email: 'viewer@test.local', password: 'viewer-password-1' }),
  };
});

afterAll(async () => {
  await setup.close();
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

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
      rows(
        ctx,
        `INSERT INTO remote_loads (load_id, remote, user_id, version, outcome, reported_at)
         VALUES ('${randomUUID()}', 'reports', ${ids[n]!.id}, '${version}', '${outcome}', now())`,
      );
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

describe('npm run deploy -- --promote / --rollback', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cli = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/deploy.ts', ...args],
        { cwd: apiDir, env: { ...process.env, WEB_ROOT: webRoot } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const noted = path.join(webRoot, 'mf-reports', 'releases', 'unrecorded.jsonl');

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
      expect(readFileSync(noted, 'utf8')).toBe('');

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
  }, 120_000);

  it('are recorded once when the file could not be emptied after the lines were written', async () => {
    deploy('one');
    deploy('two', { share: 10 });
    expect((await cli('--promote', 'reports')).code).toBe(0);
    const before = readFileSync(noted, 'utf8');
    expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(1);
    // As if the process had stopped between writing the line and emptying the file.
    writeFileSync(noted, `${before}not json\n`);
    expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(0);
    expect(await activity('rollout_promoted')).toHaveLength(1);
    expect(existsSync(noted) && readFileSync(noted, 'utf8')).toBe('');
  }, 120_000);
});

describe('the Releases calls', () => {
  it('list each remote with its served version, its canary and their health, to admins only', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 25 });
    // A load of the canary (as /remotes.json would have given it) that loaded, then threw.
    const staffId = (
      await rows<{ id: number }>(ctx, "SELECT id FROM users WHERE email = 'staff@test.local'")
    )[0]!.id;
    for (const outcome of ['loaded', 'loaded', 'render_error']) {
      await rows(
        ctx,
        `INSERT INTO remote_loads (load_id, remote, user_id, version, outcome, reported_at)
         VALUES ('${randomUUID()}', 'reports', ${staffId}, '${two}', '${outcome}', now())`,
      );
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
