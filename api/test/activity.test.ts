import type { ActivityPage, ActivityRow } from 'contract';
import {
  ADMIN,
  STAFF,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  signInViewer,
  type TestContext,
} from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const BROWSER = 'TestBrowser/1.0 (activity)';

async function activity(token: string, query = ''): Promise<ActivityPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/activity${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ActivityPage>();
}

async function addClient(token: string, companyName: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/clients/addClient',
    headers: { ...bearer(token), 'user-agent': BROWSER },
    payload: { name: 'Buyer', email: 'buyer@test.local', companyName },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ user: { id: number } }>().user.id;
}

describe('GET /api/activity', () => {
  it('refuses staff with 403 and the server message, on every activity and session call', async () => {
    const { staff } = await signInBoth(ctx.app);
    for (const [method, url, message] of [
      ['GET', '/api/activity', 'Only admins and viewers can see the activity'],
      ['GET', '/api/activity/csv', 'Only admins and viewers can see the activity'],
      ['GET', '/api/sessions', 'Only admins can see activity and sessions'],
      ['DELETE', '/api/sessions/1', 'Only admins can see activity and sessions'],
      ['DELETE', '/api/sessions/user/1', 'Only admins can see activity and sessions'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer(staff) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM sessions')).toEqual([{ n: 2 }]);
  });

  it('answers a viewer (an outside accountant reads the audit trail) and its CSV; sessions stay for admins', async () => {
    const { admin } = await signInBoth(ctx.app);
    const viewer = await signInViewer(ctx.app, admin);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity',
      headers: bearer(viewer),
    });
    expect(page.statusCode).toBe(200);
    // The viewer's own account was created by the admin: that line is there.
    expect(
      page
        .json()
        .users.some(
          (row: { kind: string; action: string }) => row.kind === 'user' && row.action === 'create',
        ),
    ).toBe(true);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity/csv',
      headers: bearer(viewer),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n').length).toBeGreaterThan(1);
    const sessions = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: bearer(viewer),
    });
    expect(sessions.statusCode).toBe(403);
  });

  it('shows a change newest first, with who, where from, and each changed field as before -> after', async () => {
    const admin = await login(ctx.app, ADMIN);
    const id = await addClient(admin, 'Old Co');
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/clients/updateClient/${id}`,
      headers: { ...bearer(admin), 'user-agent': BROWSER },
      payload: { name: 'Buyer', email: 'buyer@test.local', companyName: 'New Co' },
    });
    expect(update.statusCode).toBe(200);

    const { users, next } = await activity(admin);
    expect(next).toBeNull();
    const [changed, added] = users;
    expect(changed).toMatchObject({
      action: 'update',
      kind: 'client',
      recordId: String(id),
      actor: { id: 1, name: 'Admin', email: ADMIN.email },
      changes: [{ field: 'companyName', before: 'Old Co', after: 'New Co' }],
      address: '127.0.0.1',
      browser: BROWSER,
    });
    expect(added).toMatchObject({ action: 'create', kind: 'client', recordId: String(id) });
    expect(added?.changes).toEqual([
      { field: 'name', before: null, after: 'Buyer' },
      { field: 'email', before: null, after: 'buyer@test.local' },
      { field: 'companyName', before: null, after: 'Old Co' },
    ]);
    expect(users.map((row) => row.action)).toEqual(['update', 'create', 'login', 'create']);
    expect(Date.parse(changed!.at)).toBeGreaterThanOrEqual(Date.parse(added!.at));
  });

  it('filters by who, kind, action, record and days, and pages by position without gaps', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await addClient(i % 2 ? staff : admin, `Co ${i}`));
    // One row on an old day, to be left out by a day range.
    await rows(
      ctx,
      `UPDATE audit_log SET at = '2025-01-15 12:00+00' WHERE entity = 'client' AND entity_id = '${ids[0]}'`,
    );

    const byStaff = await activity(admin, '?who=2&kind=client');
    expect(byStaff.users.map((row) => row.recordId)).toEqual([String(ids[3]), String(ids[1])]);
    const logins = await activity(admin, '?action=login');
    expect(logins.users.map((row) => row.actor?.email)).toEqual([STAFF.email, ADMIN.email]);
    const one = await activity(admin, `?kind=client&record=${ids[2]}`);
    expect(one.users).toHaveLength(1);
    expect(one.users[0]?.changes).toContainEqual({
      field: 'companyName',
      before: null,
      after: 'Co 2',
    });
    const old = await activity(admin, '?from=2025-01-01&to=2025-01-31');
    expect(old.users.map((row) => row.recordId)).toEqual([String(ids[0])]);
    const recent = await activity(admin, '?kind=client&from=2025-01-16');
    expect(recent.users).toHaveLength(4);

    const all = (await activity(admin)).users.map((row) => row.id);
    const paged: number[] = [];
    let query = '?limit=3';
    for (;;) {
      const page = await activity(admin, query);
      expect(page.users.length).toBeLessThanOrEqual(3);
      paged.push(...page.users.map((row) => row.id));
      // A page without a `next` string ends the loop (a page too many fails the length below).
      if (typeof page.next !== 'string' || paged.length > all.length) break;
      query = `?limit=3&after=${page.next}`;
    }
    expect(paged).toEqual(all);
    expect(all).toHaveLength(9); // first admin, staff added, two sign-ins, five clients

    // `before` with the id of the last row seen (deprecated) still pages for one release.
    const older = await activity(admin, `?limit=3&before=${all[2]}`);
    expect(older.users.map((row) => row.id)).toEqual(all.slice(3, 6));
    expect(older.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const both = await ctx.app.inject({
      method: 'GET',
      url: `/api/activity?before=${all[2]}&after=${older.next}`,
      headers: bearer(admin),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      code: 'after_or_before',
      message: 'Give after or before, not both (before is deprecated: use after)',
    });
  });

  it('answers 400 with the field named for a bad filter', async () => {
    const admin = await login(ctx.app, ADMIN);
    for (const [query, field] of [
      ['?kind=DROP%20TABLE', 'kind'],
      ['?from=2025-13-01', 'from'],
      ['?before=abc', 'before'],
      ['?after=abc', 'after'],
      [`?after=${Buffer.from('journal:2025-01-01_1').toString('base64url')}`, 'after'],
      ['?limit=1000', 'limit'],
      ['?record=1x', 'record'],
      // Only the names the log writes (contract's AUDIT_ACTIONS and RECORD_KINDS) are filters.
      ['?action=reversal', 'action'],
      ['?kind=entry:loan', 'kind'],
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/activity${query}`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field} `));
    }
  });

  it('streams every matching row as CSV, changes spelt before -> after', async () => {
    const admin = await login(ctx.app, ADMIN);
    const id = await addClient(admin, '=cmd');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/clients/updateClient/${id}`,
      headers: bearer(admin),
      payload: { name: 'Buyer', email: 'buyer@test.local', companyName: 'Plain, Co' },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity/csv?kind=client',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Action,Kind,Record,Changes,Address,Browser');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `Admin <${ADMIN.email}>,update,client,${id},"companyName: =cmd -> Plain, Co",127.0.0.1`,
    );
    expect(lines[2]).toContain('companyName:  -> =cmd');
  });
});

describe('security events', () => {
  const events = async (admin: string) =>
    (await activity(admin, '?kind=session')).users.map((row: ActivityRow) => ({
      action: row.action,
      who: row.actor?.email ?? null,
      changes: row.changes,
      address: row.address,
      browser: row.browser,
    }));

  // A database of its own, migrated from nothing: slow on a busy machine.
  it('records sign-ins, failures with the e-mail tried, throttling and sign-outs with address and browser', async () => {
    const limited = await setupDatabase({
      login: { perIpPerMinute: 1000, perEmailFailures: 2, perEmailWindowMinutes: 15 },
    });
    const { app } = await limited.reset();
    const attempt = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'user-agent': BROWSER },
        payload,
      });
    expect((await attempt({ email: 'guess@test.local', password: 'nope-nope' })).statusCode).toBe(
      401,
    );
    expect((await attempt({ email: 'guess@test.local', password: 'nope-nope' })).statusCode).toBe(
      401,
    );
    expect((await attempt({ email: 'guess@test.local', password: 'nope-nope' })).statusCode).toBe(
      429,
    );
    const token = (await attempt(ADMIN)).json<{ token: string }>().token;
    const other = await login(app, ADMIN);
    await app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(other) });

    const page = await app.inject({
      method: 'GET',
      url: '/api/activity?kind=session',
      headers: bearer(token),
    });
    const seen = page.json<ActivityPage>().users.map((row) => ({
      action: row.action,
      who: row.actor?.email ?? null,
      email: row.changes.find((change) => change.field === 'email')?.after,
      address: row.address,
      browser: row.browser,
    }));
    expect(seen).toEqual([
      {
        action: 'logout',
        who: ADMIN.email,
        email: ADMIN.email,
        address: '127.0.0.1',
        browser: 'lightMyRequest',
      },
      {
        action: 'login',
        who: ADMIN.email,
        email: ADMIN.email,
        address: '127.0.0.1',
        browser: 'lightMyRequest',
      },
      {
        action: 'login',
        who: ADMIN.email,
        email: ADMIN.email,
        address: '127.0.0.1',
        browser: BROWSER,
      },
      {
        action: 'login_throttled',
        who: null,
        email: 'guess@test.local',
        address: '127.0.0.1',
        browser: BROWSER,
      },
      {
        action: 'login_failed',
        who: null,
        email: 'guess@test.local',
        address: '127.0.0.1',
        browser: BROWSER,
      },
      {
        action: 'login_failed',
        who: null,
        email: 'guess@test.local',
        address: '127.0.0.1',
        browser: BROWSER,
      },
    ]);
    await limited.close();
  });

  it('records a session that expired, when its token comes back and at the next sign-in', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    await rows(
      ctx,
      "UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE user_id = 2",
    );
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(staff),
    });
    expect(refused.statusCode).toBe(401);
    const second = await login(ctx.app, STAFF);
    await rows(
      ctx,
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = 2",
    );
    await login(ctx.app, ADMIN);
    expect(second).not.toBe(staff);
    const expired = (await events(admin)).filter((row) => row.action === 'session_expired');
    expect(expired).toHaveLength(2);
    expect(expired.every((row) => row.who === STAFF.email)).toBe(true);
    expect(await rows(ctx, 'SELECT user_id FROM sessions ORDER BY id')).toEqual([
      { user_id: 1 },
      { user_id: 1 },
    ]);
  });

  it('records a role change and a password change as such, with the fields that changed', async () => {
    const { admin } = await signInBoth(ctx.app);
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/updateuser/2',
        headers: bearer(admin),
        payload,
      });
    expect((await put({ name: 'Staff Member', role: 'admin' })).statusCode).toBe(200);
    expect(
      (await put({ name: 'Staff Member', role: 'admin', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    const { users } = await activity(admin, '?kind=user&record=2');
    expect(users.slice(0, 2).map((row) => [row.action, row.changes])).toEqual([
      ['password_changed', [{ field: 'passwordChanged', before: null, after: true }]],
      [
        'role_changed',
        [
          { field: 'role', before: 'staff', after: 'admin' },
          { field: 'passwordChanged', before: null, after: false },
        ],
      ],
    ]);
  });
});

describe('sessions', () => {
  it("lists each user's open sessions for an admin, and an ended session answers 401 next", async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ users: Array<Record<string, unknown>> }>().users;
    expect(sessions).toEqual([
      expect.objectContaining({
        userId: 2,
        email: STAFF.email,
        current: false,
        address: '127.0.0.1',
        browser: 'lightMyRequest',
      }),
      expect.objectContaining({ userId: 1, email: ADMIN.email, current: true }),
    ]);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
    expect(Date.parse(String(sessions[0]?.signedInAt))).not.toBeNaN();
    expect(Date.parse(String(sessions[0]?.lastSeenAt))).not.toBeNaN();

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${String(sessions[0]?.id)}`,
      headers: bearer(admin),
    });
    expect(ended.json()).toMatchObject({ message: 'Session ended' });
    const next = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(staff),
    });
    expect(next.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${String(sessions[0]?.id)}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Session not found' });

    const [row] = (await activity(admin, '?action=session_ended')).users;
    expect(row).toMatchObject({
      actor: { email: ADMIN.email },
      kind: 'session',
      recordId: String(sessions[0]?.id),
    });
    expect(row?.changes).toContainEqual({ field: 'email', before: STAFF.email, after: null });
  });

  it("ends all of a user's sessions for an admin, and anyone's own other sessions", async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    const staff2 = await login(ctx.app, STAFF);
    const all = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions/user/2',
      headers: bearer(admin),
    });
    expect(all.json()).toMatchObject({ message: 'Sessions ended', ended: 2 });
    for (const token of [staff, staff2]) {
      const r = await ctx.app.inject({
        method: 'GET',
        url: '/api/sessions/current',
        headers: bearer(token),
      });
      expect(r.statusCode).toBe(401);
    }
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions/user/99',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);

    const mine = await login(ctx.app, STAFF);
    const elsewhere = await login(ctx.app, STAFF);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions/others',
      headers: bearer(mine),
    });
    expect(out.json()).toMatchObject({ message: 'Signed out everywhere else', ended: 1 });
    const still = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(mine),
    });
    expect(still.json()).toEqual({
      user: { id: 2, name: 'Staff Member', email: STAFF.email, role: 'staff' },
    });
    const gone = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(elsewhere),
    });
    expect(gone.statusCode).toBe(401);
    const adminStill = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(admin),
    });
    expect(adminStill.statusCode).toBe(200);

    const ends = (await activity(admin, '?action=session_ended')).users;
    expect(ends.map((row) => [row.actor?.email, row.kind, row.recordId, row.changes])).toEqual([
      [
        STAFF.email,
        'user',
        '2',
        [
          { field: 'email', before: null, after: STAFF.email },
          { field: 'endedSessions', before: null, after: 1 },
        ],
      ],
      [
        ADMIN.email,
        'user',
        '2',
        [
          { field: 'email', before: null, after: STAFF.email },
          { field: 'endedSessions', before: null, after: 2 },
        ],
      ],
    ]);
  });
});
