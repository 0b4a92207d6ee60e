import { apiMessages } from 'contract';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { crudSuite } from './crud-suite.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const base = '/api/expance';

crudSuite(() => ctx, {
  base,
  paths: {
    list: '/getExpancetype',
    add: '/addexpancetype',
    update: '/updateexpancetype',
    remove: '/deleteexpance',
  },
  table: 'expense_types',
  entity: 'expense_type',
  add: {
    payload: { expancetype: '  Office Rent ' },
    record: { expancetype: 'Office Rent', status: 'Active' },
    stored: { expancetype: 'Office Rent', status: 'Active' },
  },
  change: {
    payload: { expancetype: 'Rent ' },
    record: { expancetype: 'Rent', status: 'Active' },
    stored: { expancetype: 'Rent', status: 'Active' },
  },
  invalid: [
    ['a missing expancetype', {}, 'expancetype is required'],
    ['a misspelt field', { expenseType: 'Rent' }, 'expancetype is required'],
    ['an empty expancetype', { expancetype: '' }, 'expancetype must not be empty'],
    ['a blank expancetype', { expancetype: '   ' }, 'expancetype must not be blank'],
    [
      'a too long expancetype',
      { expancetype: 'x'.repeat(101) },
      'expancetype must be at most 100 characters',
    ],
  ],
  messages: {
    added: 'Expense added successfully!',
    updated: 'Expense updated successfully!',
    deleted: 'Expense type deleted',
    notFound: 'Expense type not found',
    inUse: 'This expense type has expense entries and cannot be deleted; suspend it instead',
  },
  entrySql:
    "INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit) VALUES ('expense', 1, 'X', 10, 'Credit')",
});

let token: string;
const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: `${base}${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const add = async (expancetype: string) => {
  const response = await call('POST', '/addexpancetype', { expancetype });
  expect(response.statusCode).toBe(201);
  return response.json<{ user: { id: number } }>().user.id;
};
const stored = () => rows(ctx, 'SELECT id, expancetype, status FROM expense_types ORDER BY id');
const auditActions = () =>
  rows(ctx, "SELECT action FROM audit_log WHERE entity = 'expense_type' ORDER BY id");

beforeEach(async () => {
  token = await login(ctx.app, ADMIN);
});

describe('the expense type list', () => {
  it.each(['/getExpancetype', '/getexpancetype'])(
    'answers %s with every type in id order and a message',
    async (path) => {
      await add('Utilities');
      await add('Fuel');
      await rows(ctx, "UPDATE expense_types SET status = 'Suspended' WHERE id = 1");
      const response = await call('GET', path);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        users: [
          { id: 1, expancetype: 'Utilities', status: 'Suspended' },
          { id: 2, expancetype: 'Fuel', status: 'Active' },
        ],
        message: 'Expense types fetched successfully',
      });
    },
  );

  it('answers 401 to the lower-case spelling without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${base}/getexpancetype` });
    expect(response.statusCode).toBe(401);
  });
});

describe('expense type names', () => {
  it.each(['Office Rent', 'office rent', 'OFFICE RENT', ' Office Rent  '])(
    'refuses a second type named %j with 409 and stores nothing',
    async (name) => {
      await add('Office Rent');
      const response = await call('POST', '/addexpancetype', { expancetype: name });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'expense_type_taken',
        message: apiMessages.expenseTypeTaken,
      });
      expect(await stored()).toHaveLength(1);
      expect(await auditActions()).toEqual([{ action: 'create' }]);
    },
  );

  it('refuses renaming to another type’s name in any case, and keeps both', async () => {
    await add('Rent');
    await add('Fuel');
    const response = await call('PUT', '/updateexpancetype/2', { expancetype: 'RENT' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: apiMessages.expenseTypeTaken });
    expect((await stored()).map((row) => row.expancetype)).toEqual(['Rent', 'Fuel']);
    expect(await auditActions()).toEqual([{ action: 'create' }, { action: 'create' }]);
  });

  it('allows changing only the case of a type’s own name', async () => {
    await add('fuel');
    const response = await call('PUT', '/updateexpancetype/1', { expancetype: 'Fuel' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({ id: 1, expancetype: 'Fuel', status: 'Active' });
  });

  it('refuses a status sent in the body of an add or an update, changing nothing', async () => {
    const created = await call('POST', '/addexpancetype', {
      expancetype: 'Fuel',
      status: 'Suspended',
    });
    expect([created.statusCode, created.json().message]).toEqual([
      400,
      'status is not an accepted field',
    ]);
    expect(await stored()).toEqual([]);
    await add('Fuel');
    await rows(ctx, "UPDATE expense_types SET status = 'Suspended'");
    const updated = await call('PUT', '/updateexpancetype/1', {
      expancetype: 'Fuel',
      status: 'Active',
    });
    expect(updated.statusCode).toBe(400);
    expect(await stored()).toEqual([{ id: 1, expancetype: 'Fuel', status: 'Suspended' }]);
  });
});

describe('PUT /api/expance/D_A_xpancetype/:id/:currentStatus', () => {
  it.each([
    ['Active', 'Active', 'Suspended'],
    ['Suspended', 'Suspended', 'Active'],
    // The rule reads only the path: anything but exactly "Active" activates.
    ['Active', 'Suspended', 'Active'],
    ['Suspended', 'Active', 'Suspended'],
    ['Suspended', 'Inactive', 'Active'],
    ['Suspended', 'active', 'Active'],
    ['Active', 'whatever', 'Active'],
  ])(
    'from stored %s with currentStatus %s sets %s and audits it',
    async (storedStatus, currentStatus, expected) => {
      await add('Fuel');
      await rows(ctx, `UPDATE expense_types SET status = '${storedStatus}'`);
      const response = await call('PUT', `/D_A_xpancetype/1/${currentStatus}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Status updated',
        user: { id: 1, expancetype: 'Fuel', status: expected },
      });
      expect(await stored()).toEqual([{ id: 1, expancetype: 'Fuel', status: expected }]);
      const audit = await rows(
        ctx,
        "SELECT actor_id, action, entity_id, before, after FROM audit_log WHERE entity = 'expense_type' AND action = 'status'",
      );
      expect(audit).toEqual([
        {
          actor_id: 1,
          action: 'status',
          entity_id: '1',
          before: { id: 1, expancetype: 'Fuel', status: storedStatus },
          after: { id: 1, expancetype: 'Fuel', status: expected },
        },
      ]);
    },
  );

  it('suspends and activates again in turn', async () => {
    await add('Fuel');
    const suspended = await call('PUT', '/D_A_xpancetype/1/Active');
    expect(suspended.json().user.status).toBe('Suspended');
    const activated = await call('PUT', `/D_A_xpancetype/1/${suspended.json().user.status}`);
    expect(activated.json().user.status).toBe('Active');
    expect(await auditActions()).toEqual([
      { action: 'create' },
      { action: 'status' },
      { action: 'status' },
    ]);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await call('PUT', '/D_A_xpancetype/999/Active');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Expense type not found' });
    const bad = await call('PUT', '/D_A_xpancetype/abc/Active');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id must be an? integer$/);
    expect(await auditActions()).toEqual([]);
  });

  it('answers 401 without a token and changes nothing', async () => {
    await add('Fuel');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `${base}/D_A_xpancetype/1/Active`,
    });
    expect(response.statusCode).toBe(401);
    expect(await stored()).toEqual([{ id: 1, expancetype: 'Fuel', status: 'Active' }]);
  });

  it('keeps a suspended type with entries, which still cannot be deleted', async () => {
    await add('Fuel');
    await rows(
      ctx,
      "INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit) VALUES ('expense', 1, 'Fuel', 10, 'Credit')",
    );
    expect((await call('PUT', '/D_A_xpancetype/1/Active')).statusCode).toBe(200);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `${base}/deleteexpance/1`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(409);
    expect(await stored()).toEqual([{ id: 1, expancetype: 'Fuel', status: 'Suspended' }]);
  });
});
