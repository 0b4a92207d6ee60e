// The guard on /api and the strictness of input, case by case: the session check follows the
// route the router matched, values are taken only in the type their schema names, nothing that
// cannot be stored reaches the database, and refusals are 4xx with a message. The hostile suite
// (hostile.test.ts) covers the same ground at random over every route.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { rawGet } from './raw-http.js';
import { bearer, rows, setupDatabase, signInBoth, ADMIN, type TestContext } from './helpers.js';

const setup = setupDatabase();
let db: Awaited<typeof setup>;
let ctx: TestContext;
let admin: string;

// One database for the file: every test but two only sends what must be refused, and those
// two compare counts before and after.
beforeAll(async () => {
  db = await setup;
  ctx = await db.reset();
  ({ admin } = await signInBoth(ctx.app));
  for (let n = 1; n <= 6; n += 1) {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/addClient',
      headers: bearer(admin),
      payload: {
        name: `Client ${n}`,
        email: `client${n}@example.com`,
        companyName: `Company ${n}`,
      },
    });
    expect(added.statusCode).toBe(201);
  }
});
afterAll(async () => db.close());

const request = (method: string, url: string, payload?: unknown, token: string | null = admin) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const count = async (table: string) =>
  Number((await rows<{ n: string }>(ctx, `SELECT count(*) AS n FROM ${table}`))[0]?.n);

describe('the session check follows the matched route', () => {
  it.each([
    '/%61pi/users/getUser',
    '/ap%69/dashboard/getClientLedger?clientId=1',
    '/api/%75sers/getUser',
    '/api/users/get%55ser',
    '/%2561pi/users/getUser',
    '/api/dashboard/getClientsVsSales%3Bx',
  ])('answers %s without a session with 401 or 404, never the data', async (url) => {
    const response = await request('GET', url, undefined, null);
    expect([401, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('admin@test.local');
    expect(response.body).not.toContain('Client 1');
  });

  it('answers an encoded spelling of a real route 401 and serves it with a session', async () => {
    expect((await request('GET', '/%61pi/users/getUser', undefined, null)).json()).toEqual({
      code: 'unauthorized',
      message: 'Please sign in to continue',
    });
    const signedIn = await request('GET', '/%61pi/users/getUser');
    expect(signedIn.statusCode).toBe(200);
  });

  it('deletes nothing through an encoded delete path without a session', async () => {
    const response = await request('DELETE', '/api/clients/deleteClient%2F6', undefined, null);
    expect([401, 404]).toContain(response.statusCode);
    const encoded = await request('DELETE', '/%61pi/clients/deleteClient/6', undefined, null);
    expect(encoded.statusCode).toBe(401);
    expect(await rows(ctx, 'SELECT id FROM clients WHERE id = 6')).toEqual([{ id: 6 }]);
  });
});

describe('no type coercion', () => {
  const income = { clientId: 1, amount: 5, Creditdebit: 'Credit' };

  it.each([
    [{ ...income, amount: true }, 'amount must be a number'],
    [{ ...income, amount: '0x10' }, 'amount must be a number'],
    [{ ...income, amount: '1e3' }, 'amount must be a number'],
    [{ ...income, amount: ' 5' }, 'amount must be a number'],
    [{ ...income, amount: '0' }, 'amount must be a number'],
    [{ ...income, clientId: [5] }, 'clientId must be an integer'],
    [{ ...income, clientId: '5' }, 'clientId must be an integer'],
    [{ ...income, clientId: 1.5 }, 'clientId must be an integer'],
    [{ ...income, description: 12 }, 'description must be a string'],
  ])('refuses income %j with 400 and records nothing', async (payload, message) => {
    const entries = await count('entries');
    const response = await request('POST', '/api/incoms/addIncome', payload);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { code: expect.any(String), message },
    });
    expect(await count('entries')).toBe(entries);
  });

  it('keeps taking the amount as a plain decimal string, as the spec form sends it', async () => {
    const response = await request('POST', '/api/incoms/addIncome', {
      ...income,
      amount: '12.30',
      description: 'as a string',
    });
    expect(response.statusCode).toBe(201);
    expect(await rows(ctx, "SELECT amount FROM entries WHERE description = 'as a string'")).toEqual(
      [{ amount: '12.30' }],
    );
  });

  it('refuses a number as a name and stores nothing', async () => {
    const response = await request('POST', '/api/clients/addClient', {
      name: 12,
      email: 'twelve@example.com',
      companyName: 'Twelve',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'name must be a string' });
    expect(await rows(ctx, "SELECT id FROM clients WHERE email = 'twelve@example.com'")).toEqual(
      [],
    );
  });

  it.each(['0x6', '6.0', '6e0', '+6', ' 6', '06x', 'Infinity', '-Infinity', 'NaN', '2147483648'])(
    'refuses DELETE /api/clients/deleteClient/%s with 400 and deletes nothing',
    async (id) => {
      const response = await request(
        'DELETE',
        `/api/clients/deleteClient/${encodeURIComponent(id)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^id must be (an integer|at most 2147483647)$/);
      expect(await rows(ctx, 'SELECT id FROM clients WHERE id = 6')).toEqual([{ id: 6 }]);
    },
  );

  it('still deletes by a plain decimal id', async () => {
    const before = await count('clients');
    expect((await request('DELETE', '/api/clients/deleteClient/5')).statusCode).toBe(200);
    expect(await count('clients')).toBe(before - 1);
    expect(await rows(ctx, 'SELECT id FROM clients WHERE id = 6')).toEqual([{ id: 6 }]);
  });

  it.each([
    ['/api/dashboard/yearly?year=Infinity', 'year must be an integer'],
    ['/api/dashboard/yearly?year=0x7e8', 'year must be an integer'],
    ['/api/dashboard/yearly?year=2026.0', 'year must be an integer'],
    ['/api/dashboard/getClientLedger?clientId=Infinity', 'clientId must be an integer'],
    ['/api/dashboard/getClientLedger?clientId=0x1', 'clientId must be an integer'],
    ['/api/dashboard/getClientLedger?clientId=1&clientId=2', 'clientId must be an integer'],
    ['/api/expance/D_A_xpancetype/Infinity/Active', 'id must be an integer'],
  ])('refuses %s with 400', async (url, message) => {
    const method = url.includes('D_A_') ? 'PUT' : 'GET';
    const response = await request(method, url);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { code: expect.any(String), message },
    });
  });

  it('reads query numbers written plainly', async () => {
    expect((await request('GET', '/api/dashboard/yearly?year=2026')).statusCode).toBe(200);
    expect((await request('GET', '/api/dashboard/getClientLedger?clientId=1')).statusCode).toBe(
      200,
    );
  });
});

describe('JSON bodies', () => {
  const raw = (url: string, payload: string, token: string | null = admin) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['__proto__', '{"name": "Proto", "email": "p@example.com", "__proto__": {"admin": true}}'],
    ['constructor.prototype', '{"name": "C", "constructor": {"prototype": {"admin": true}}}'],
  ])('refuses a %s key with words that say so, and stores nothing', async (_key, payload) => {
    const clients = await count('clients');
    for (const url of ['/api/clients/addclient', '/api/users/login']) {
      const response = await raw(url, payload, url.endsWith('login') ? null : admin);
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          code: 'prototype_key',
          message: 'The body may not hold the keys __proto__ or constructor.prototype',
        },
      ]);
    }
    expect(await count('clients')).toBe(clients);
  });

  it('still calls a body that is not JSON what it is', async () => {
    const response = await raw('/api/clients/addclient', '{"name": "x",}');
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        code: 'invalid_input',
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      },
    ]);
    const empty = await raw('/api/clients/addclient', '');
    expect(empty.statusCode).toBe(400);
  });
});

describe('text that cannot be stored', () => {
  it('refuses a null character in the login e-mail with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin@test.local\u0000', password: ADMIN.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'email must not contain a null character' });
  });

  it.each([
    ['/api/clients/addClient', { name: 'A\u0000B', email: 'nul@example.com', companyName: 'X' }],
    ['/api/employees/addEmployee', { name: 'A', email: 'nul@example.com', number: '1\u00002' }],
    ['/api/expance/addexpancetype', { expancetype: 'Rent\u0000' }],
    [
      '/api/incoms/addIncome',
      { clientId: 1, amount: 1, Creditdebit: 'Credit', description: '\u0000' },
    ],
  ])('refuses a null character posted to %s with 400 and stores nothing', async (url, payload) => {
    const before = await count('audit_log');
    const response = await request('POST', url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/ must not contain a null character$/);
    expect(await count('audit_log')).toBe(before);
  });

  it('refuses an unpaired surrogate instead of storing it changed', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/addClient',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"name":"A\\ud800","email":"half@example.com","companyName":"X"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'name must be valid Unicode text' });
    expect(await rows(ctx, "SELECT id FROM clients WHERE email = 'half@example.com'")).toEqual([]);
  });

  it('refuses a null character in a header the route reads', async () => {
    const entries = await count('entries');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/incoms/addIncome',
      headers: { ...bearer(admin), 'idempotency-key': 'abcdefgh\u0000' },
      payload: { clientId: 1, amount: 1, Creditdebit: 'Credit' },
    });
    expect(response.statusCode).toBe(400);
    expect(await count('entries')).toBe(entries);
  });

  it('names the field and its limit when a description is too long', async () => {
    const response = await request('POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 1,
      Creditdebit: 'Credit',
      description: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'description must be at most 500 characters',
    });
  });
});

describe('report dates', () => {
  it.each([
    '/api/dashboard/finance?from=0000-01-01',
    '/api/dashboard/finance?from=0001-01-01&to=0001-01-31',
    '/api/dashboard/getClientLedger?clientId=1&startDate=0001-01-01',
    '/api/dashboard/getClientLedger?clientId=1&startDate=0000-01-01',
    '/api/dashboard/getExpenseLedger?startDate=1899-12-31&endDate=2026-01-01',
    '/api/dashboard/getEmployeesVsSalary?startDate=0001-01-01',
  ])('refuses %s with 400 naming the field', async (url) => {
    const response = await request('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^(from|to|startDate|endDate) must be a date \(YYYY-MM-DD\) from 1900-01-01 to 9999-12-31$/,
    );
  });

  it.each([
    '/api/activity/csv?from=2026-02-30',
    '/api/activity?to=2026-02-29',
    '/api/dashboard/finance?from=2026-02-30',
  ])('refuses %s, a day no calendar has, with 400 before any query runs', async (url) => {
    const response = await request('GET', url);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: {
        code: expect.any(String),
        message: expect.stringMatching(/^(from|to) must be a valid date$/),
      },
    });
  });

  it('takes the first and the last day of the range', async () => {
    for (const url of [
      '/api/dashboard/finance?from=1900-01-01&to=9999-12-31',
      '/api/dashboard/getClientLedger?clientId=1&startDate=1900-01-01&endDate=9999-12-31',
      '/api/dashboard/getExpenseVsType?startDate=9999-11-15&endDate=9999-12-31',
      '/api/dashboard/yearly?year=9999',
    ]) {
      expect({ url, status: (await request('GET', url)).statusCode }).toEqual({ url, status: 200 });
    }
  });
});

describe('caching', () => {
  it('answers login with Cache-Control: no-store', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers other API calls and refusals with no-store too', async () => {
    expect((await request('GET', '/api/users/getUser')).headers['cache-control']).toBe('no-store');
    expect(
      (await request('GET', '/api/users/getUser', undefined, null)).headers['cache-control'],
    ).toBe('no-store');
  });
});

describe('static files through the whole app', () => {
  it('refuses traversal and null characters with a 4xx, never a 500 or a file', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'strict-web-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
      writeFileSync(path.join(webRoot, file), content);
    };
    write('shell/dist/index.html', '<div id="root"></div>');
    write('package.json', 'not for the web');
    for (const name of ['people', 'entries', 'reports', 'settings'])
      write(`mf-${name}/dist/remoteEntry.js`, 'var x;');
    const app = await buildApp(
      { ...ctx.config, webRoot },
      { database: ctx.database, logger: false },
    );
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const refused: string[] = [];
      for (const url of [
        '/remotes/mf-people/../../package.json',
        '/remotes/mf-people/../package.json',
        '/remotes/mf-people/..%2f..%2fpackage.json',
        '/remotes/mf-people/%2e%2e/%2e%2e/package.json',
        '/remotes/mf-people/%2e%2e%2f%2e%2e%2fpackage.json',
        '/remotes/mf-people/.%2e/.%2e/package.json',
        '/remotes/mf-people/..',
        '/remotes/mf-people/%2e%2e',
        '/remotes/mf-people/x%00.js',
        '/remotes/mf-people/..\\..\\package.json',
        '/remotes/mf-entries/../../../../etc/passwd',
        '/../package.json',
        '/%2e%2e/package.json',
        '//remotes/mf-people/remoteEntry.js',
      ]) {
        const response = await rawGet(port, url);
        if (
          response.statusCode < 400 ||
          response.statusCode >= 500 ||
          response.body.includes('not for the web') ||
          !(JSON.parse(response.body) as { message?: string }).message
        )
          refused.push(`${url} -> ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
      expect(refused).toEqual([]);
      // The real files are still served.
      expect((await rawGet(port, '/remotes/mf-people/remoteEntry.js')).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
