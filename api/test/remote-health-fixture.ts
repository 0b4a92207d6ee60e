// What the health and rollout-decision tests share: a web root of their own with fake builds of
// mf-reports deployed into it, the database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with an
// admin, a staff user and a viewer signed in, and the calls they make: /remotes.json as a user,
// POST /api/remote-health, the Releases list and the Activity.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../src/app.js';
import { deployStaged, stageCopy } from '../src/releases/deploy.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

/** The web root of the running file, and where its fake builds are made (new for each file). */
export let webRoot: string;
let builds: string;
/** The rollback settings of these tests: judged once 3 users loaded a canary. */
export const ROLLOUT = { minUsers: 3, maxExtraFailurePct: 5 };
let setup: Awaited<ReturnType<typeof setupDatabase>>;
/** The app of the running test (a live binding: reset before each test). */
export let ctx: TestContext;
/** Sessions of the first admin, a staff user and a viewer, made before each test. */
export let tokens: { admin: string; staff: string; viewer: string };

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
export const deploy = (label: string, canary?: { share: number; autoPromoteMinutes?: number }) =>
  deployStaged(
    webRoot,
    'reports',
    stageCopy(webRoot, 'reports', fakeBuild(label)),
    INFO,
    undefined,
    canary,
  ).version;

export const report = (token: string | undefined, payload: unknown, app: App = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/remote-health',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

/** One page load's list for the holder of `token`: the load it names and the reports version. */
export async function served(token: string, app: App = ctx.app) {
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
export const loads = () =>
  rows<{ user_id: number; version: string; outcome: string | null; stage: string | null }>(
    ctx,
    `SELECT user_id, version, outcome, stage FROM remote_loads WHERE remote = 'reports'
      ORDER BY served_at, load_id`,
  );

export const releases = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/releases', headers: bearer(tokens.admin) }))
    .json<{
      releases: {
        remote: string;
        served: { version: string; lastHour: Record<string, number> } | null;
        canary: { version: string; lastHour: Record<string, number> } | null;
      }[];
    }>()
    .releases.find((release) => release.remote === 'reports')!;

export interface Clerk {
  id: number;
  token: string;
  email: string;
}

/** Registers `count` staff users and signs each in. */
export async function clerks(count: number, from = 1): Promise<Clerk[]> {
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
export async function loadAndReport(
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

export const activity = async (action: string) =>
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

/** Opens the database once, and before each test empties it, its deploys, and signs users in. */
export function useHealthFixture(): void {
  beforeAll(async () => {
    // Made here, not when the module loads: a worker that keeps its modules from file to file
    // (jest-light-runner) would hand the next file the folders this one's afterAll removed.
    webRoot = mkdtempSync(path.join(tmpdir(), 'remote-health-'));
    builds = mkdtempSync(path.join(tmpdir(), 'remote-health-builds-'));
    setup = await setupDatabase({ webRoot, rollout: ROLLOUT });
  });
  beforeEach(fresh);
  afterAll(async () => {
    await setup.close();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });
}

async function fresh() {
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
}

/** Records a load of `version` by `userId` with its outcome, as a page load would have. */
export const seenLoad = (userId: number, version: string, outcome: string) =>
  rows(
    ctx,
    `INSERT INTO remote_loads (load_id, remote, user_id, version, outcome, reported_at)
     VALUES ('${randomUUID()}', 'reports', ${userId}, '${version}', '${outcome}', now())`,
  );
