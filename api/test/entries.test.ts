import { randomUUID } from 'node:crypto';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

beforeEach(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  token = await login(ctx.app, ADMIN);
});
afterAll(() => db.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });

const forms = [
  {
    name: 'income',
    url: '/api/incoms/addIncome',
    body: {
      clientId: 1,
      clientName: 'Acme Buyer',
      amount: 1500.5,
      description: 'Invoice 7',
      Creditdebit: 'Debit',
    },
    message: 'Income Added Successfully',
    party: 'Acme Buyer',
  },
  {
    name: 'expense',
    url: '/api/expance/addexpance',
    body: {
      expanceTypeId: 1,
      expanceTypeName: 'Rent',
      amount: 800,
      description: 'May',
      Creditdebit: 'Credit',
    },
    message: 'Expense Added Successfully',
    party: 'Rent',
  },
  {
    name: 'salary',
    url: '/api/expance/addsalery',
    body: {
      employeeId: 2,
      employeeName: 'Bina',
      amount: 45000.25,
      description: '',
      Creditdebit: 'Credit',
    },
    message: 'Salary Added Successfully',
    party: 'Bina',
  },
];

describe.each(forms)('POST $url ($name)', (form) => {
  it('records the entry with the looked-up name, exact amount, and an audit row', async () => {
    const response = await post(form.url, form.body);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(form.message);
    expect(body.entry).toMatchObject({
      id: 1,
      kind: form.name,
      partyName: form.party,
      amount: form.body.amount,
    });
    const stored = await rows(
      ctx,
      'SELECT kind, party_name, amount, credit_debit, description FROM entries',
    );
    expect(stored).toEqual([
      {
        kind: form.name,
        party_name: form.party,
        amount: form.body.amount.toFixed(2),
        credit_debit: form.body.Creditdebit,
        description: form.body.description,
      },
    ]);
    expect(
      await rows(ctx, `SELECT entity FROM audit_log WHERE entity = 'entry:${form.name}'`),
    ).toHaveLength(1);
  });

  it('stores the name it looks up, not the name the form sent', async () => {
    const nameField = Object.keys(form.body).find((k) => k.endsWith('Name')) as string;
    const response = await post(form.url, { ...form.body, [nameField]: 'Somebody Else' });
    expect(response.statusCode).toBe(201);
    expect(await rows(ctx, 'SELECT party_name FROM entries')).toEqual([{ party_name: form.party }]);
  });

  it('accepts the amount as a numeric string, as a form field sends it', async () => {
    const response = await post(form.url, { ...form.body, amount: '12.30' });
    expect(response.statusCode).toBe(201);
    expect(await rows(ctx, 'SELECT amount FROM entries')).toEqual([{ amount: '12.30' }]);
  });

  it.each([
    [{ amount: 0 }, 'amount must be greater than 0'],
    [{ amount: -5 }, 'amount must be greater than 0'],
    [{ amount: 'abc' }, 'amount must be a number'],
    [{ amount: 10.005 }, 'amount must have at most 2 decimals'],
    [{ amount: 1e13 }, 'amount must be at most 999999999999.99'],
    [{ Creditdebit: 'Both' }, 'Creditdebit has an invalid value'],
    [{ description: 'x'.repeat(501) }, 'description must be at most 500 characters'],
  ])('rejects %j with "%s" and stores nothing', async (change, message) => {
    const response = await post(form.url, { ...form.body, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
  });

  it('requires the picker, the Credit/Debit choice and the amount', async () => {
    const idField = Object.keys(form.body).find((k) => k.endsWith('Id')) as string;
    for (const field of [idField, 'Creditdebit', 'amount']) {
      const body: Record<string, unknown> = { ...form.body };
      delete body[field];
      const response = await post(form.url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `${field} is required` });
    }
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
  });

  it('answers 404 for a party that does not exist', async () => {
    const idField = Object.keys(form.body).find((k) => k.endsWith('Id')) as string;
    const response = await post(form.url, { ...form.body, [idField]: 999 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: form.url, payload: form.body });
    expect(response.statusCode).toBe(401);
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
  });

  it('records once for a repeated idempotency key and answers the first entry', async () => {
    const key = randomUUID();
    const first = await post(form.url, form.body, { 'idempotency-key': key });
    const second = await post(form.url, form.body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(1);
    const third = await post(form.url, form.body, { 'idempotency-key': randomUUID() });
    expect(third.statusCode).toBe(201);
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(2);
  });

  it('refuses to reuse a key for a different entry', async () => {
    const key = randomUUID();
    await post(form.url, form.body, { 'idempotency-key': key });
    const other = await post(form.url, { ...form.body, amount: 1 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'This submission key was already used for a different entry',
    });
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(1);
  });
});

it('records one entry for the same key sent twice at once', async () => {
  const key = randomUUID();
  const body = forms[0]?.body as object;
  const [a, b] = await Promise.all([
    post('/api/incoms/addIncome', body, { 'idempotency-key': key }),
    post('/api/incoms/addIncome', body, { 'idempotency-key': key }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
  expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(1);
});

it('offers Debit only on income: expense and salary refuse it', async () => {
  for (const form of forms.slice(1)) {
    const response = await post(form.url, { ...form.body, Creditdebit: 'Debit' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Creditdebit must be Credit for this entry' });
  }
  expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
});

it('refuses an expense on a suspended expense type', async () => {
  const response = await post('/api/expance/addexpance', {
    expanceTypeId: 3,
    amount: 10,
    Creditdebit: 'Credit',
  });
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({
    message: 'This expense type is suspended and cannot take new expenses',
  });
  expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
});

it('keeps entries immutable in the database itself', async () => {
  await post('/api/incoms/addIncome', forms[0]?.body as object);
  await expect(rows(ctx, 'UPDATE entries SET amount = 1')).rejects.toThrow(/immutable/);
  await expect(rows(ctx, 'DELETE FROM entries')).rejects.toThrow(/immutable/);
});

it('rejects a body over the size limit with 413', async () => {
  const response = await post('/api/incoms/addIncome', {
    ...forms[0]?.body,
    description: 'x'.repeat(70_000),
  });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ message: 'Request body is too large' });
});

it('answers malformed JSON with 400 and no internals', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/incoms/addIncome',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: '{"clientId": 1,',
  });
  expect(response.statusCode).toBe(400);
  expect(response.body).not.toMatch(/at .*\.js|node_modules|SELECT/);
});
