import {
  ADMIN,
  STAFF,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  type TestContext,
  testConfig,
} from './helpers.js';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { ADVISORY_LOCK_KEYS } from '../src/db/advisory-locks.js';
import type { AppConfig } from '../src/config.js';

/**
 * Runs `requests` while another connection holds the user-change lock, and lets it go once two
 * requests wait for it (PostgreSQL); on the embedded database, just runs them.
 */
async function bothWaitingForUserChanges<T>(requests: () => Promise<T>): Promise<T> {
  if (!process.env.TEST_DATABASE_URL) return requests();
  const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await other.connect();
  try {
    await other.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.userChanges]);
    const answers = requests();
    for (;;) {
      const waiting = await other.query(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND database = (
            SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      if (waiting.rows[0].n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await other.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.userChanges]);
    return await answers;
  } finally {
    await other.end();
  }
}

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

describe('POST /api/users/login', () => {
  it('answers a token and a message for the right e-mail and password, in any case of e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await rows<{ token_hash: string }>(ctx, 'SELECT token_hash FROM sessions');
    expect(session?.token_hash).not.toBe(body.token);
  });

  it('gives the same 401 message for a wrong password and an unknown e-mail', async () => {
    for (const payload of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@test.local', password: ADMIN.password },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid credentials' });
    }
  });

  it('asks for both fields when one is empty', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please fill all fields' });
  });

  it('names the missing field when the body lacks it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN.email },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'password is required' });
  });
});

describe('login rate limits', () => {
  const TOO_MANY = {
    code: 'too_many_attempts',
    message: 'Too many login attempts, please try again later',
  };
  const attempt = (
    app: TestContext['app'],
    payload: { email: string; password: string },
    from: { remoteAddress?: string; forwardedFor?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload,
      remoteAddress: from.remoteAddress,
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    });
  const wrong = { email: ADMIN.email, password: 'wrong-password' };
  /** An app with other limits on this file's (freshly emptied) database. */
  const opened: TestContext['app'][] = [];
  const appWith = async (overrides: Partial<AppConfig>) => {
    const app = await buildApp(testConfig(overrides), { database: ctx.database, logger: false });
    opened.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });

  it('answers 429 to an address after too many failures for one e-mail, even with the right password', async () => {
    const app = await appWith({
      login: { perIpPerMinute: 1000, perEmailFailures: 3, perEmailWindowMinutes: 15 },
    });
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(app, wrong)).statusCode).toBe(401);
    }
    const blocked = await attempt(app, ADMIN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });

  it('counts guesses sent all at once from one address exactly', async () => {
    const app = await appWith({
      login: { perIpPerMinute: 1000, perEmailFailures: 3, perEmailWindowMinutes: 15 },
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(app, wrong)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, ...Array(7).fill(429)]);
  });

  it('lets the owner sign in from their address while a stranger hammers the e-mail from another', async () => {
    const app = await appWith({
      login: {
        perIpPerMinute: 1000,
        perEmailFailures: 5,
        perEmailWindowMinutes: 15,
        maxDelaySeconds: 1,
      },
    });
    const stranger = { remoteAddress: '198.51.100.7' };
    const owner = { remoteAddress: '203.0.113.20' };
    const strangerStatuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 6; i += 1) {
        strangerStatuses.push((await attempt(app, wrong, stranger)).statusCode);
      }
      // The owner, at their own address, still gets in with the right password every time.
      const signedIn = await attempt(app, ADMIN, owner);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().message).toBe('Login successful');
    }
    expect(strangerStatuses).toEqual([401, 401, 401, 401, 401, ...Array(13).fill(429)]);
    const refused = await attempt(app, ADMIN, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // Nothing but the owner's three sessions was created.
    expect(await rows(ctx, 'SELECT user_id FROM sessions')).toEqual([
      { user_id: 1 },
      { user_id: 1 },
      { user_id: 1 },
    ]);
  });

  it('answers 429 after too many attempts from one address', async () => {
    const app = await appWith({
      login: { perIpPerMinute: 2, perEmailFailures: 100, perEmailWindowMinutes: 15 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await attempt(app, ADMIN)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await attempt(app, ADMIN)).json()).toEqual(TOO_MANY);
    // Another address is counted apart.
    expect((await attempt(app, ADMIN, { remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
  });

  it('counts the client named by X-Forwarded-For only behind a trusted proxy', async () => {
    const login = { perIpPerMinute: 2, perEmailFailures: 100, perEmailWindowMinutes: 15 };
    const proxy = '10.0.0.5';
    const from = (client: string) => ({ remoteAddress: proxy, forwardedFor: client });

    // Behind the configured proxy, each client behind it has its own limit.
    let app = await appWith({ login, trustProxy: [proxy] });
    const behind: number[] = [];
    for (let i = 0; i < 3; i += 1)
      behind.push((await attempt(app, ADMIN, from('198.51.100.1'))).statusCode);
    behind.push((await attempt(app, ADMIN, from('198.51.100.2'))).statusCode);
    expect(behind).toEqual([200, 200, 429, 200]);
    // A forwarded header from an address that is not the proxy changes nothing.
    const direct: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await attempt(app, ADMIN, {
        remoteAddress: '192.0.2.50',
        forwardedFor: `192.0.2.${60 + i}`,
      });
      direct.push(r.statusCode);
    }
    expect(direct).toEqual([200, 200, 429]);

    // Without TRUST_PROXY the header is ignored: a client cannot escape by inventing addresses.
    await rows(ctx, 'TRUNCATE rate_counters');
    app = await appWith({ login });
    const spoofed: number[] = [];
    for (let i = 0; i < 3; i += 1)
      spoofed.push((await attempt(app, ADMIN, from(`198.51.100.${i}`))).statusCode);
    expect(spoofed).toEqual([200, 200, 429]);
  });

  it('keeps failures of one client behind a trusted proxy from locking out another', async () => {
    const app = await appWith({
      login: {
        perIpPerMinute: 1000,
        perEmailFailures: 3,
        perEmailWindowMinutes: 15,
        maxDelaySeconds: 1,
      },
      trustProxy: 1,
    });
    const stranger = { remoteAddress: '10.0.0.5', forwardedFor: '198.51.100.66' };
    const owner = { remoteAddress: '10.0.0.5', forwardedFor: '203.0.113.20' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(app, wrong, stranger)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(app, ADMIN, owner)).statusCode).toBe(200);
    expect((await attempt(app, ADMIN, stranger)).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('not-a-real-token')]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/getUser', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('revokes the token on logout', async () => {
    const token = await login(ctx.app, ADMIN);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ message: 'Logged out' });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('rejects a session past its idle timeout', async () => {
    const token = await login(ctx.app, ADMIN);
    await rows(ctx, "UPDATE sessions SET last_seen_at = now() - interval '1 day'");
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a session past its absolute lifetime', async () => {
    const token = await login(ctx.app, ADMIN);
    await rows(ctx, "UPDATE sessions SET expires_at = now() - interval '1 second'");
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('drops expired sessions from the database at the next sign-in', async () => {
    await login(ctx.app, ADMIN);
    await rows(ctx, "UPDATE sessions SET expires_at = now() - interval '1 second'");
    await login(ctx.app, ADMIN);
    expect(await rows(ctx, 'SELECT user_id FROM sessions')).toEqual([{ user_id: 1 }]);
  });

  it('answers a JSON 404 for an unknown API path', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Not found' });
  });
});

describe('user management', () => {
  it('lists users without their passwords', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      users: [{ id: 1, name: 'Admin', email: ADMIN.email, role: 'admin' }],
    });
    expect(response.body).not.toContain('argon2');
  });

  it('adds a user as staff by default, stores only a hash, and audits it', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(token),
      payload: { name: '  Sara Khan ', email: 'sara@test.local', password: 'long-enough-1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'User added successfully!',
      user: { id: 2, name: 'Sara Khan', email: 'sara@test.local', role: 'staff' },
    });
    const [stored] = await rows<{ password_hash: string }>(
      ctx,
      'SELECT password_hash FROM users WHERE id = 2',
    );
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain('long-enough-1');
    const audit = await rows<{ action: string; entity: string; actor_id: number }>(
      ctx,
      "SELECT action, entity, actor_id FROM audit_log WHERE entity = 'user' AND entity_id = '2'",
    );
    expect(audit).toEqual([{ action: 'create', entity: 'user', actor_id: 1 }]);
    expect(
      await login(ctx.app, { email: 'sara@test.local', password: 'long-enough-1' }),
    ).toBeTruthy();
  });

  it.each([
    [{ email: 'a@test.local', password: 'long-enough-1', role: 'staff' }, 'name is required'],
    [{ name: ' ', email: 'a@test.local', password: 'long-enough-1' }, 'name must not be blank'],
    [
      { name: 'A', email: 'not-an-email', password: 'long-enough-1' },
      'email must be a valid email address',
    ],
    [
      { name: 'A', email: 'a@test.local', password: 'short' },
      'password must be at least 8 characters',
    ],
    [
      { name: 'A', email: 'a@test.local', password: 'long-enough-1', role: 'boss' },
      'role has an invalid value',
    ],
  ])('rejects %j with "%s" and stores nothing', async (payload, message) => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await rows(ctx, 'SELECT id FROM users')).toHaveLength(1);
  });

  it('refuses a second user with the same e-mail in another case', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(token),
      payload: { name: 'Twin', email: ADMIN.email.toUpperCase(), password: 'long-enough-1' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'A user with this email already exists' });
  });

  it('refuses unknown fields instead of storing them', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(token),
      payload: {
        name: 'X',
        email: 'x@test.local',
        password: 'long-enough-1',
        id: 99,
        password_hash: 'x',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^(id|password_hash) is not an accepted field$/);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(token),
    });
    expect(listed.json().users.map((user: { email: string }) => user.email)).not.toContain(
      'x@test.local',
    );
  });

  it('refuses staff every user change with 403 and changes nothing', async () => {
    const { staff } = await signInBoth(ctx.app);
    const attempts = [
      {
        method: 'POST' as const,
        url: '/api/users/register',
        payload: { name: 'Y', email: 'y@test.local', password: 'long-enough-1' },
      },
      {
        method: 'PUT' as const,
        url: '/api/users/updateuser/1',
        payload: { name: 'Hacked', role: 'staff' },
      },
      { method: 'DELETE' as const, url: '/api/users/deleteUser/1' },
    ];
    for (const attempt of attempts) {
      const response = await ctx.app.inject({ ...attempt, headers: bearer(staff) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Only admins can manage users' });
    }
    expect(await rows(ctx, 'SELECT name, role FROM users ORDER BY id')).toEqual([
      { name: 'Admin', role: 'admin' },
      { name: 'Staff Member', role: 'staff' },
    ]);
  });

  it('lets staff read the user list', async () => {
    const { staff } = await signInBoth(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(staff),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().users).toHaveLength(2);
  });

  it('updates name and role, keeps the password unless one is given', async () => {
    const { admin } = await signInBoth(ctx.app);
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/2',
      headers: bearer(admin),
      payload: { name: 'Promoted', email: STAFF.email, password: '', role: 'admin' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({
      message: 'User updated successfully!',
      user: { id: 2, name: 'Promoted', email: STAFF.email, role: 'admin' },
    });
    expect(await login(ctx.app, STAFF)).toBeTruthy();

    const withPassword = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/2',
      headers: bearer(admin),
      payload: { name: 'Promoted', password: 'brand-new-pass', role: 'admin' },
    });
    expect(withPassword.statusCode).toBe(200);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: STAFF });
    expect(old.statusCode).toBe(401);
    expect(await login(ctx.app, { email: STAFF.email, password: 'brand-new-pass' })).toBeTruthy();
  });

  it('refuses to change the e-mail', async () => {
    const { admin } = await signInBoth(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/2',
      headers: bearer(admin),
      payload: { name: 'X', email: 'other@test.local', role: 'staff' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'email cannot be changed' });
  });

  it('answers 404 for a user that does not exist, and 400 for a bad id', async () => {
    const token = await login(ctx.app, ADMIN);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/999',
      headers: bearer(token),
      payload: { name: 'X', role: 'staff' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'User not found' });
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/deleteUser/abc',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'id must be an integer' });
  });

  const setRole = (token: string, id: number, role: 'admin' | 'staff') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/updateuser/${id}`,
      headers: bearer(token),
      payload: { name: id === 1 ? 'Admin' : 'Second', role },
    });

  /** The first admin and the staff user promoted to admin, both signed in. */
  const twoAdmins = async () => {
    const { admin } = await signInBoth(ctx.app);
    expect((await setRole(admin, 2, 'admin')).statusCode).toBe(200);
    return { admin, second: await login(ctx.app, STAFF) };
  };

  it('never demotes or deletes the last admin', async () => {
    const demote = await setRole(await login(ctx.app, ADMIN), 1, 'staff');
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ message: 'The last admin cannot be deleted or demoted' });

    // A second admin deletes the first; then the second is the last and stays.
    const { second } = await twoAdmins();
    const removeFirst = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/deleteUser/1',
      headers: bearer(second),
    });
    expect(removeFirst.statusCode).toBe(200);
    expect(removeFirst.json()).toMatchObject({ message: 'User deleted successfully!' });
    const self = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/deleteUser/2',
      headers: bearer(second),
    });
    expect(self.statusCode).toBe(409);
    expect(await rows(ctx, 'SELECT id, role FROM users WHERE deleted_at IS NULL')).toEqual([
      { id: 2, role: 'admin' },
    ]);
  });

  // Two admins acting on each other at the same moment: one wins, the other is told why, and one
  // admin is always left. On PostgreSQL the two requests run in two transactions at once; the
  // test holds the user-change lock from a connection of its own until both wait for it, so they
  // are sure to overlap (left to the clock, the winner sometimes committed before the other
  // request was read, which then met a signed-out session, and no trial overlapped at all). The
  // embedded database has one connection: both requests are read before either transaction runs.
  for (const action of ['demote', 'delete'] as const) {
    it(`lets one of two admins who ${action} each other at once win, never a 500`, async () => {
      for (let trial = 0; trial < 3; trial += 1) {
        ctx = await db.resetKeepingApp();
        const { admin, second } = await twoAdmins();
        const act = (token: string, id: number) =>
          action === 'demote'
            ? setRole(token, id, 'staff')
            : ctx.app.inject({
                method: 'DELETE',
                url: `/api/users/deleteUser/${id}`,
                headers: bearer(token),
              });
        const answers = await bothWaitingForUserChanges(() =>
          Promise.all([act(admin, 2), act(second, 1)]),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({
          message: 'The last admin cannot be deleted or demoted',
        });
        const admins = await rows(
          ctx,
          "SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL",
        );
        expect(admins).toHaveLength(1);
      }
    });
  }

  it('ends the sessions of a deleted user', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/deleteUser/2',
      headers: bearer(admin),
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(staff),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI description of every spec path at /api/docs without a session', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    for (const path of [
      '/api/users/login',
      '/api/users/register',
      '/api/users/updateuser/{id}',
      '/api/incoms/addIncome',
      '/api/expance/addsalery',
      '/api/dashboard/yearly',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
