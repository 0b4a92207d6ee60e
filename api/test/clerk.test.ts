// The clerk's day (issue 32) on the server: one's own preference for how saves are confirmed
// (every role, a viewer too; audited), the entries one recorded in a form today, and a client's
// balance beside the Income picker.
import type { JustRecorded } from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';

const db = await setupDatabase();
const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };

let ctx: TestContext;
let admin: string;
let staff: string;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  ({ admin, staff } = await signInBoth(ctx.app));
});
afterAll(() => db.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function viewer(): Promise<string> {
  await call(admin, 'POST', '/api/users/register', { name: 'Auditor', ...VIEWER, role: 'viewer' });
  const answer = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: VIEWER });
  return answer.json<{ token: string }>().token;
}

describe('preferences', () => {
  it('are off by default, kept per user, and audited when changed', async () => {
    expect((await call(staff, 'GET', '/api/account/preferences')).json()).toEqual({
      confirmWithNotice: false,
    });
    const set = await call(staff, 'PUT', '/api/account/preferences', { confirmWithNotice: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ confirmWithNotice: true });
    expect((await call(staff, 'GET', '/api/account/preferences')).json()).toEqual({
      confirmWithNotice: true,
    });
    // The admin's own stays off.
    expect((await call(admin, 'GET', '/api/account/preferences')).json()).toEqual({
      confirmWithNotice: false,
    });
    const audit = await rows<{ action: string; entity: string; after: unknown }>(
      ctx,
      `SELECT action, entity, after FROM audit_log WHERE action = 'update' AND entity = 'user'`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.after)).toContain('"confirmWithNotice":true');
    // Setting the same value again changes nothing and writes no second line.
    await call(staff, 'PUT', '/api/account/preferences', { confirmWithNotice: true });
    expect(
      await rows(ctx, `SELECT 1 FROM audit_log WHERE action = 'update' AND entity = 'user'`),
    ).toHaveLength(1);
  });

  it('may be set by a viewer: they are their own', async () => {
    const token = await viewer();
    const set = await call(token, 'PUT', '/api/account/preferences', { confirmWithNotice: true });
    expect(set.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/account/preferences')).json()).toEqual({
      confirmWithNotice: true,
    });
  });

  it('refuses bad input with a 400 message and changes nothing', async () => {
    for (const payload of [{}, { confirmWithNotice: 'yes' }, { confirmWithNotice: true, x: 1 }]) {
      const answer = await call(staff, 'PUT', '/api/account/preferences', payload);
      expect(answer.statusCode).toBe(400);
      expect(typeof answer.json<{ message: string }>().message).toBe('string');
      expect(answer.body).not.toMatch(/select|stack|at \//i);
    }
    expect((await call(staff, 'GET', '/api/account/preferences')).json()).toEqual({
      confirmWithNotice: false,
    });
  });

  it('needs a session', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/account/preferences' });
    expect(answer.statusCode).toBe(401);
  });
});

async function addClient(name: string): Promise<number> {
  const answer = await call(admin, 'POST', '/api/clients/addClient', {
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
    companyName: `${name} Ltd`,
  });
  return answer.json<{ user: { id: number } }>().user.id;
}

async function addExpenseType(name: string): Promise<number> {
  const answer = await call(admin, 'POST', '/api/expance/addexpancetype', { expancetype: name });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ user: { id: number } }>().user.id;
}

describe('just recorded', () => {
  it("lists the caller's entries of the kind recorded today, newest first", async () => {
    const typeId = await addExpenseType('Fuel');
    const expense = (token: string, amount: number, date = '2024-01-15') =>
      call(token, 'POST', '/api/expance/addexpance', {
        expanceTypeId: typeId,
        expanceTypeName: 'Fuel',
        amount,
        Creditdebit: 'Credit',
        date,
      });
    expect((await expense(staff, 10.5)).statusCode).toBe(201);
    expect((await expense(staff, 20.25, '2023-06-01')).statusCode).toBe(201);
    expect((await expense(admin, 99)).statusCode).toBe(201);
    const clientId = await addClient('Acme');
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId,
      amount: 5,
      Creditdebit: 'Credit',
    });
    // One of them recorded two days ago: not today's. (Entries are immutable: the guard
    // trigger is stepped around for this one line.)
    await rows(
      ctx,
      `DO $$ BEGIN
         PERFORM set_config('session_replication_role', 'replica', true);
         UPDATE entries SET created_at = now() - interval '2 days' WHERE amount = 10.5;
         PERFORM set_config('session_replication_role', 'origin', true);
       END $$`,
    );
    await expense(staff, 30);

    const answer = await call(staff, 'GET', '/api/journal/just-recorded?kind=expense');
    expect(answer.statusCode).toBe(200);
    const { entries } = answer.json<JustRecorded>();
    expect(entries.map((entry) => [entry.amount, entry.date, entry.partyName])).toEqual([
      [30, '2024-01-15', 'Fuel'],
      [20.25, '2023-06-01', 'Fuel'],
    ]);
    expect(entries[0]?.receipts).toBe(0);
    expect(entries[0]?.id).toBeGreaterThan(entries[1]?.id ?? Infinity);
  });

  it('leaves out the reversal of an entry', async () => {
    const typeId = await addExpenseType('Rent');
    const made = await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: typeId,
      expanceTypeName: 'Rent',
      amount: 100,
      Creditdebit: 'Credit',
    });
    const { id } = made.json<{ entry: { id: number } }>().entry;
    expect(
      (await call(staff, 'POST', `/api/journal/${id}/reverse`, { reason: 'typo' })).statusCode,
    ).toBe(201);
    const { entries } = (
      await call(staff, 'GET', '/api/journal/just-recorded?kind=expense')
    ).json<JustRecorded>();
    expect(entries.map((entry) => [entry.id, entry.reversedById !== null])).toEqual([[id, true]]);
  });

  it('refuses a kind that is not one with a 400', async () => {
    for (const query of ['', '?kind=loan', '?kind=expense&x=1']) {
      const answer = await call(staff, 'GET', `/api/journal/just-recorded${query}`);
      expect(answer.statusCode).toBe(400);
      expect(typeof answer.json<{ message: string }>().message).toBe('string');
    }
  });
});

describe("a client's balance", () => {
  it('is what the client owes today, to the cent; negative when in credit', async () => {
    const acme = await addClient('Acme');
    const other = await addClient('Other');
    const income = (clientId: number, amount: number, Creditdebit: string, date?: string) =>
      call(staff, 'POST', '/api/incoms/addIncome', {
        clientId,
        amount,
        Creditdebit,
        ...(date ? { date } : {}),
      });
    await income(acme, 12500.5, 'Debit', '2024-02-01');
    await income(acme, 0.1, 'Debit');
    await income(acme, 2500.2, 'Credit');
    await income(other, 10, 'Credit');
    const balance = (id: number) => call(staff, 'GET', `/api/clients/${id}/balance`);
    expect((await balance(acme)).json()).toEqual({ clientId: acme, balance: 10000.4 });
    expect((await balance(other)).json()).toEqual({ clientId: other, balance: -10 });
    const fresh = await addClient('Fresh');
    expect((await balance(fresh)).json()).toEqual({ clientId: fresh, balance: 0 });
    const token = await viewer();
    expect((await call(token, 'GET', `/api/clients/${acme}/balance`)).statusCode).toBe(200);
  });

  it('answers 404 for no such client and 400 for a bad id', async () => {
    const missing = await call(staff, 'GET', '/api/clients/9999/balance');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Client not found' });
    expect((await call(staff, 'GET', '/api/clients/abc/balance')).statusCode).toBe(400);
  });
});
