// Health per remote version and what is decided on it: POST /api/remote-health (signed in, not a
// viewer, bounded in size and rate, nothing stored from a bad report), the counts per version and
// minute, the automatic rollback of a failing canary (once, with two app instances on one
// database) and its Activity line, the automatic promote, and the Releases calls (admins only).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../src/app.js';
import { deployStaged, stageCopy } from '../src/web/deploy.js';
import { readDeployState } from '../src/web/releases.js';
import { HEALTH_REPORTS_PER_MINUTE } from '../src/routes/releases/index.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

const webRoot = mkdtempSync(path.join(tmpdir(), 'remote-health-'));
const builds = mkdtempSync(path.join(tmpdir(), 'remote-health-builds-'));
const setup = await setupDatabase({
  webRoot,
  rollout: { minLoads: 20, maxExtraFailurePct: 5 },
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

const counts = () =>
  rows<{
    version: string;
    loaded: number;
    failed_loads: number;
    render_errors: number;
    integrity_refusals: number;
  }>(
    ctx,
    'SELECT version, loaded, failed_loads, render_errors, integrity_refusals FROM remote_health ORDER BY version',
  );

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
  // Not among the tables every test file empties: only this file writes it.
  await rows(ctx, 'DELETE FROM remote_health');
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
  it('counts loads, failures, render errors and refusals per version and minute', async () => {
    const one = deploy('one');
    const response = await report(tokens.staff, {
      events: [
        { remote: 'reports', version: one, event: 'loaded', count: 3 },
        { remote: 'reports', version: one, event: 'failed', stage: 'chunk' },
        { remote: 'reports', version: one, event: 'render_error' },
        { remote: 'reports', version: one, event: 'integrity_refused' },
        { remote: 'people', version: 'unversioned', event: 'loaded' },
        // A version the server does not keep (a tab left open past a prune) is not counted.
        { remote: 'reports', version: 'abcdefabcdef', event: 'loaded' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: 7 });
    await report(tokens.admin, { events: [{ remote: 'reports', version: one, event: 'loaded' }] });
    expect(await counts()).toEqual([
      { version: one, loaded: 4, failed_loads: 1, render_errors: 1, integrity_refusals: 1 },
      {
        version: 'unversioned',
        loaded: 1,
        failed_loads: 0,
        render_errors: 0,
        integrity_refusals: 0,
      },
    ]);
  });

  it('refuses a report without a session, from a viewer, or malformed, and stores nothing', async () => {
    const one = deploy('one');
    const good = { events: [{ remote: 'reports', version: one, event: 'loaded' }] };
    expect((await report(undefined, good)).statusCode).toBe(401);
    expect((await report('no-such-session', good)).statusCode).toBe(401);
    const viewer = await report(tokens.viewer, good);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const tooMany = Array.from({ length: 51 }, () => good.events[0]);
    for (const payload of [
      {},
      { events: [] },
      { events: tooMany },
      { events: [{ remote: 'reports', version: one, event: 'exploded' }] },
      { events: [{ remote: 'reports', version: 'v1', event: 'loaded' }] },
      { events: [{ remote: 'Reports!', version: one, event: 'loaded' }] },
      { events: [{ remote: 'billing', version: one, event: 'loaded' }] },
      { events: [{ remote: 'reports', version: one, event: 'loaded', count: 0 }] },
      { events: [{ remote: 'reports', version: one, event: 'loaded', count: 1000 }] },
      { events: [{ remote: 'reports', version: one, event: 'loaded', extra: 'x' }] },
      { events: [{ remote: 'reports', version: one, event: 'failed', stage: 'render' }] },
      { events: 'loaded' },
    ]) {
      const response = await report(tokens.staff, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await counts()).toEqual([]);
  });

  it('answers 429 beyond its reports a minute per session, counting nothing more', async () => {
    const one = deploy('one');
    const good = { events: [{ remote: 'reports', version: one, event: 'loaded' }] };
    for (let n = 0; n < HEALTH_REPORTS_PER_MINUTE; n += 1) {
      expect((await report(tokens.staff, good)).statusCode).toBe(200);
    }
    const refused = await report(tokens.staff, good);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'too_many_health_reports',
      message: 'Too many health reports from this session: wait a minute',
    });
    // Another session has its own allowance.
    expect((await report(tokens.admin, good)).statusCode).toBe(200);
    expect((await counts())[0]?.loaded).toBe(HEALTH_REPORTS_PER_MINUTE + 1);
  });
});

describe('automatic rollback of a canary', () => {
  const servedAndCanary = async (canaryShare = 50) => {
    const one = deploy('one');
    const two = deploy('two', { share: canaryShare });
    return { one, two };
  };

  it('waits for enough loads, then rolls a failing canary back once and says so in the Activity', async () => {
    const { one, two } = await servedAndCanary();
    await report(tokens.staff, {
      events: [{ remote: 'reports', version: one, event: 'loaded', count: 40 }],
    });
    // 19 loads, every one throwing on render: not enough loads to judge yet.
    await report(tokens.staff, {
      events: [
        { remote: 'reports', version: two, event: 'loaded', count: 19 },
        { remote: 'reports', version: two, event: 'render_error', count: 19 },
      ],
    });
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    expect(readDeployState(webRoot, 'reports')?.canary?.version).toBe(two);

    await report(tokens.staff, {
      events: [
        { remote: 'reports', version: two, event: 'loaded' },
        { remote: 'reports', version: two, event: 'render_error' },
      ],
    });
    // The report that tipped it over started a check already; this one waits for it (or decides).
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
      canaryLoads: 20,
      canaryFailures: 20,
      canaryFailurePct: 100,
      servedLoads: 40,
      servedFailures: 0,
      servedFailurePct: 0,
      automatic: true,
      nowServed: one,
    });
    // Nothing more to decide.
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
  });

  it('leaves a canary that fails no more than the allowed points above the served version', async () => {
    const { one, two } = await servedAndCanary();
    // Served: 10% failing; canary: 15% failing: 5 points, not more than 5.
    await report(tokens.staff, {
      events: [
        { remote: 'reports', version: one, event: 'loaded', count: 40 },
        { remote: 'reports', version: one, event: 'failed', stage: 'entry', count: 4 },
        { remote: 'reports', version: one, event: 'render_error' },
      ],
    });
    await report(tokens.staff, {
      events: [
        { remote: 'reports', version: two, event: 'loaded', count: 34 },
        { remote: 'reports', version: two, event: 'failed', stage: 'chunk', count: 6 },
      ],
    });
    // one: 5 failures / 44 loads = 11.4%; two: 6 / 40 = 15%: 3.6 points.
    expect(await ctx.app.rolloutWatch!.check()).toEqual([]);
    expect(readDeployState(webRoot, 'reports')?.canary?.version).toBe(two);
  });

  it('happens once when two app instances on one database decide at the same time', async () => {
    const { one, two } = await servedAndCanary();
    const other = await buildApp(ctx.config, {
      database: ctx.database,
      logger: false,
      autoPostRecurring: false,
      foldRollups: false,
      scheduleBackups: false,
      watchRollout: false,
    });
    try {
      // Each instance counts a part of the reports: they add up in the same rows.
      await report(tokens.staff, {
        events: [
          { remote: 'reports', version: two, event: 'loaded', count: 10 },
          { remote: 'reports', version: two, event: 'integrity_refused', count: 5 },
        ],
      });
      await report(
        tokens.admin,
        {
          events: [
            { remote: 'reports', version: two, event: 'loaded', count: 5 },
            { remote: 'reports', version: two, event: 'render_error', count: 10 },
            { remote: 'reports', version: one, event: 'loaded', count: 20 },
          ],
        },
        other,
      );
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
    expect(await activity('rollout_promoted')).toHaveLength(1);
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
    await report(tokens.staff, {
      events: [
        { remote: 'reports', version: two, event: 'loaded', count: 3 },
        { remote: 'reports', version: two, event: 'render_error' },
      ],
    });
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
    expect(body.rollback).toEqual({ minLoads: 20, maxExtraFailurePct: 5 });
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
