// Every route of the contract's route table, once, as an admin, on the database the suite runs
// on. CI runs the API suite on PostgreSQL and, on the embedded database (PGlite), only the files
// about it (scripts/test.mjs); this file is one of those, so that a route which answers on
// PostgreSQL and fails on the embedded database (a query PGlite plans or types otherwise, a result its
// driver hands back in another shape) is seen: each route answers a request its own schemas
// accept with a success or an error its description names, with a message; never a 5xx.
//
// The walk comes from the contract's table, not from a list kept here: a route added to the
// contract is walked at once.
import { errorStatuses, isWrite, type Endpoint } from 'contract';
import {
  requestFor,
  routeLabel as label,
  routeTable as all,
  setupDatabase,
  signInBoth,
  signInViewer,
  type TestContext,
} from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';

const db = await setupDatabase();
afterAll(() => db.close());

/**
 * A fresh database with a record of every kind behind id 1 (a client, an employee, an expense
 * type, entries of each kind, a second user), so that a route aimed at id 1 finds something.
 * The app stays from route to route: what is walked is the driver's answers, not a new app.
 */
async function fresh(): Promise<{ ctx: TestContext; admin: string }> {
  const ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  const day = new Date().toISOString().slice(0, 10);
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '500.00', cd: 'Debit', day },
    { kind: 'income', party: 2, amount: '120.25', cd: 'Credit', day },
    { kind: 'salary', party: 1, amount: '300.00', day },
    { kind: 'expense', party: 1, amount: '40.00', day, description: 'Paper' },
  ]);
  const { admin } = await signInBoth(ctx.app);
  // The viewer (a second user), signed in: the session routes find a session besides the admin's.
  await signInViewer(ctx.app, admin);
  return { ctx, admin };
}

/**
 * What a route answered, in the terms a client reads it by: a success, or an error its
 * description names (a refusal of what these made-up values mean, e.g. a wrong current password)
 * with a message. Never a server error, and never a refusal of the admin as such (401, 403)
 * unless the route names it (signing in with a made-up password).
 */
function answer(
  endpoint: Endpoint,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  let body: unknown = response.body;
  if (type.startsWith('application/json')) {
    try {
      body = JSON.parse(response.body);
    } catch {
      return { status, json: 'not JSON' };
    }
  }
  if (status < 400) return { status, ok: true };
  const named = errorStatuses(endpoint).filter(
    (each) => ![401, 403].includes(each) || (endpoint.errors ?? []).includes(each),
  );
  const message = (body as { message?: unknown } | null)?.message;
  return {
    status,
    ok: named.includes(status as (typeof named)[number]) && typeof message === 'string',
    message,
  };
}

const reads = all.filter(([, endpoint]) => !isWrite(endpoint) && endpoint.method === 'GET');
const others = all.filter(([, endpoint]) => isWrite(endpoint) || endpoint.method !== 'GET');

describe('every read of the route table', () => {
  // Reads change nothing a read depends on, so they share one database.
  let shared: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    shared = await fresh();
  });

  it('walks the whole table', () => {
    expect(reads.length + others.length).toBe(all.length);
    expect(reads.length).toBeGreaterThanOrEqual(20);
  });

  it.each(reads.map(label))('%s answers an admin', async (_name, endpoint) => {
    const response = await shared.ctx.app.inject(await requestFor(endpoint, shared.admin));
    expect(answer(endpoint, response)).toMatchObject({ ok: true });
  });
});

describe('every other route of the route table', () => {
  // A write may end the session it came with or change the records behind id 1: each starts
  // from a fresh database.
  it.each(others.map(label))('%s answers an admin', async (_name, endpoint) => {
    const { ctx, admin } = await fresh();
    const response = await ctx.app.inject(await requestFor(endpoint, admin));
    expect(answer(endpoint, response)).toMatchObject({ ok: true });
  });
});
