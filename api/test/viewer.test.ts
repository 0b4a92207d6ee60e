// The read-only role. A viewer reads and downloads everything a signed-in user sees and writes
// nothing: the server refuses every write (`isWrite` in contract) with 403 from the one guard in
// src/routes/route.ts.
//
// The writes are walked from the contract's own route table, not from a list kept here: a write
// added to the contract is in the walk at once, and fails it unless the server refuses it too.
import { sql } from 'kysely';
import { apiMessages, isWrite } from 'contract';
import {
  bearer,
  requestFor,
  routeLabel as label,
  routeTable as all,
  rows,
  setupDatabase,
  signInBoth,
  signInViewer,
  tableContents,
  VIEWER,
  type TestContext,
} from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';

const db = await setupDatabase();
afterAll(() => db.close());

interface Tokens {
  admin: string;
  staff: string;
  viewer: string;
}

/**
 * A fresh database with a record of every kind behind id 1 (a client, an employee, an expense
 * type, entries, users, sessions), so that a write aimed at id 1 would find something to change.
 * The app stays from test to test: the role's guard reads the database on every request.
 */
async function fresh(): Promise<{ ctx: TestContext; tokens: Tokens }> {
  const ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  const day = new Date().toISOString().slice(0, 10);
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '500.00', cd: 'Debit', day },
    { kind: 'salary', party: 1, amount: '300.00', day },
    { kind: 'expense', party: 1, amount: '40.00', day, description: 'Paper' },
  ]);
  const { admin, staff } = await signInBoth(ctx.app);
  return { ctx, tokens: { admin, staff, viewer: await signInViewer(ctx.app, admin) } };
}

/** What every table holds (helpers.ts): to see that nothing changed. */
const snapshot = tableContents;

const writes = all.filter(([, endpoint]) => isWrite(endpoint));
const reads = all.filter(([, endpoint]) => endpoint.method === 'GET');

describe('a viewer and the route table', () => {
  it('walks every write of the contract', () => {
    expect(writes.length).toBeGreaterThanOrEqual(20);
    // The calls on the caller's own session are not writes; everything else that is not a GET
    // and not public is.
    expect(all.filter(([, e]) => e.method !== 'GET' && !isWrite(e)).map(([n]) => n)).toEqual(
      expect.arrayContaining(['login', 'logout', 'endOtherSessions']),
    );
  });

  it.each(writes.map(label))(
    '%s is refused to a viewer with 403 and changes nothing',
    async (_name, endpoint) => {
      const { ctx, tokens } = await fresh();
      const before = await snapshot(ctx);
      const refused = await ctx.app.inject(await requestFor(endpoint, tokens.viewer));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: apiMessages.readOnly });
      expect(await snapshot(ctx)).toEqual(before);

      // The same request from an admin passes the schemas and the guards: the refusal above was
      // the viewer's role, not the request.
      const admin = await ctx.app.inject(await requestFor(endpoint, tokens.admin));
      expect([400, 401, 403]).not.toContain(admin.statusCode);
      expect(admin.statusCode).toBeLessThan(500);
    },
  );
});

describe('a viewer reading every read of the route table', () => {
  // Reads change nothing a read depends on, so they share one database.
  let shared: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    shared = await fresh();
  });

  it.each(
    reads
      .filter(([, endpoint]) => endpoint.access === 'signedIn' || endpoint.access === 'audit')
      .map(label),
  )('%s answers a viewer', async (_name, endpoint) => {
    const { ctx, tokens } = shared;
    const response = await ctx.app.inject(await requestFor(endpoint, tokens.viewer));
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each(reads.filter(([, endpoint]) => endpoint.access === 'admin').map(label))(
    '%s stays for admins: a viewer is refused as staff are',
    async (_name, endpoint) => {
      const { ctx, tokens } = shared;
      const response = await ctx.app.inject(await requestFor(endpoint, tokens.viewer));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        message: endpoint.adminsOnly ?? apiMessages.adminsOnly,
      });
    },
  );
});

describe('the viewer role', () => {
  it('is given by an admin on Add User and Edit User, and signs in', async () => {
    const { ctx, tokens } = await fresh();
    const users = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getUser',
      headers: bearer(tokens.viewer),
    });
    expect(users.json<{ users: Array<{ email: string; role: string }> }>().users).toContainEqual(
      expect.objectContaining({ email: VIEWER.email, role: 'viewer' }),
    );

    // Staff made viewer, and back.
    for (const role of ['viewer', 'staff'] as const) {
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/updateuser/2',
        headers: bearer(tokens.admin),
        payload: { name: 'Staff Member', role },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ user: { id: 2, role } });
    }

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(tokens.viewer),
    });
    expect(me.json()).toMatchObject({ user: { email: VIEWER.email, role: 'viewer' } });
  });

  it('refuses a role that does not exist, in the API and in the database', async () => {
    const { ctx, tokens } = await fresh();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(tokens.admin),
      payload: {
        name: 'Nobody',
        email: 'x@test.local',
        password: 'long-password-1',
        role: 'auditor',
      },
    });
    expect(refused.statusCode).toBe(400);
    await expect(
      sql`UPDATE users SET role = 'auditor' WHERE id = 2`.execute(ctx.database.db),
    ).rejects.toThrow(/users_role_check/);
  });

  it('reads the dashboard, the reports, the ledgers, the journal and its CSV', async () => {
    const { ctx, tokens } = await fresh();
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: bearer(tokens.viewer) });

    expect((await get('/api/dashboard/totals')).json()).toEqual({
      admins: 1,
      employees: 2,
      clients: 3,
    });
    expect((await get('/api/dashboard/getClientsVsSales')).json()).toContainEqual(
      expect.objectContaining({ totalDebit: 500 }),
    );
    const ledger = await get('/api/dashboard/getExpenseLedger');
    expect(ledger.statusCode).toBe(200);
    expect(JSON.stringify(ledger.json())).toContain('Paper');

    expect((await get('/api/journal/closed')).json()).toEqual({
      closedThrough: null,
      canMove: false,
    });
    const journal = await get('/api/journal');
    expect(journal.json<{ entries: unknown[] }>().entries).toHaveLength(3);
    const csv = await get('/api/journal/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Paper');

    // Their own session is theirs to end.
    const others = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions/others',
      headers: bearer(tokens.viewer),
    });
    expect(others.statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(tokens.viewer),
    });
    expect(out.statusCode).toBe(200);
  });

  it('is read from the database on every request: a user made viewer is refused at once', async () => {
    const { ctx, tokens } = await fresh();
    const income = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/incoms/addIncome',
        headers: bearer(tokens.staff),
        payload: { clientId: 1, amount: 10, description: 'Paid', Creditdebit: 'Credit' },
      });
    expect((await income()).statusCode).toBe(201);
    // Not through the API (which also ends their sessions): the open session itself must not
    // carry the old role.
    await sql`UPDATE users SET role = 'viewer' WHERE email = 'staff@test.local'`.execute(
      ctx.database.db,
    );
    const refused = await income();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: apiMessages.readOnly });
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(4);
  });

  it('leaves the admin guard as it was for staff', async () => {
    const { ctx, tokens } = await fresh();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(tokens.staff),
      payload: { name: 'New', email: 'new@test.local', password: 'long-password-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: apiMessages.adminsOnly });
  });
});
