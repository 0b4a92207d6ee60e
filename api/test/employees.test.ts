import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { crudSuite } from './crud-suite.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const valid = { name: 'Ali Raza', email: 'ali@test.local', number: '03001234567' };
const changed = { name: 'Ali R.', email: 'ali.r@test.local', number: '0042' };

crudSuite(() => ctx, {
  base: '/api/employees',
  paths: {
    list: '/getEmployees',
    add: '/addEmployee',
    update: '/updateEmployee',
    remove: '/deleteEmployee',
  },
  table: 'employees',
  entity: 'employee',
  add: {
    payload: { name: '  Ali Raza ', email: 'ali@test.local', number: '03001234567' },
    record: valid,
    stored: valid,
  },
  change: {
    payload: { name: 'Ali R.', email: 'ali.r@test.local', number: '0042' },
    record: changed,
    stored: changed,
  },
  invalid: [
    ['a missing name', { email: valid.email, number: valid.number }, 'name is required'],
    ['a missing email', { name: valid.name, number: valid.number }, 'email is required'],
    ['a missing number', { name: valid.name, email: valid.email }, 'number is required'],
    ['an empty name', { ...valid, name: '' }, 'name must not be empty'],
    ['a blank name', { ...valid, name: '   ' }, 'name must not be blank'],
    ['a bad email', { ...valid, email: 'not-an-email' }, 'email must be a valid email address'],
    ['a number with letters', { ...valid, number: '0300abc' }, 'number must contain digits only'],
    ['a number with spaces', { ...valid, number: ' 0300 ' }, 'number must contain digits only'],
    ['an empty number', { ...valid, number: '' }, 'number must not be empty'],
    ['a too long name', { ...valid, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    [
      'a too long number',
      { ...valid, number: '1'.repeat(21) },
      'number must be at most 20 characters',
    ],
  ],
  messages: {
    added: 'Employee added successfully!',
    updated: 'Employee updated successfully!',
    deleted: 'Employee deleted successfully!',
    notFound: 'Employee not found',
    inUse: 'This employee has salary entries and cannot be deleted',
  },
  entrySql:
    "INSERT INTO entries (kind, employee_id, party_name, amount, credit_debit) VALUES ('salary', 1, 'X', 10, 'Credit')",
});

describe('employee numbers', () => {
  it('keeps leading zeros and stores the number as text', async () => {
    const token = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/employees/addEmployee',
      headers: bearer(token),
      payload: { ...valid, number: '000123' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.number).toBe('000123');
    expect(await rows(ctx, 'SELECT number FROM employees')).toEqual([{ number: '000123' }]);
  });

  it('takes a whole JSON number, stores it as its digits and answers it as text', async () => {
    const token = await login(ctx.app, ADMIN);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/employees/addEmployee',
      headers: bearer(token),
      payload: { ...valid, number: 42 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().user.number).toBe('42');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/updateEmployee/${added.json().user.id}`,
      headers: bearer(token),
      payload: { ...valid, number: 9007199254740991 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.number).toBe('9007199254740991');
    expect(await rows(ctx, 'SELECT number FROM employees')).toEqual([
      { number: '9007199254740991' },
    ]);
    const zero = await ctx.app.inject({
      method: 'POST',
      url: '/api/employees/addEmployee',
      headers: bearer(token),
      payload: { ...valid, email: 'zero@test.local', number: 0 },
    });
    expect(zero.statusCode).toBe(201);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/employees/getEmployees',
      headers: bearer(token),
    });
    expect(list.json().users.map((employee: { number: string }) => employee.number)).toEqual([
      '9007199254740991',
      '0',
    ]);
  });

  it.each([
    ['a negative number', -1, 'number must be at least 0'],
    ['a fractional number', 42.5, 'number must be an integer'],
    ['a number beyond 2^53 - 1', 9007199254740992, 'number must be at most 9007199254740991'],
    ['a huge number', 1e300, 'number must be at most 9007199254740991'],
    ['NaN as text', 'NaN', 'number must contain digits only'],
    ['Infinity as text', 'Infinity', 'number must contain digits only'],
    ['a negative number as text', '-1', 'number must contain digits only'],
    ['a decimal as text', '4.2', 'number must contain digits only'],
    ['a boolean', true, 'number must be an integer'],
    ['null', null, 'number must be an integer'],
    ['an array', [42], 'number must be an integer'],
  ])('refuses %s with 400 and stores nothing', async (_label, number, message) => {
    const token = await login(ctx.app, ADMIN);
    for (const [method, url] of [
      ['POST', '/api/employees/addEmployee'],
      ['PUT', '/api/employees/updateEmployee/1'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: bearer(token),
        payload: { ...valid, number },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_input', message });
    }
    expect(await rows(ctx, 'SELECT id FROM employees')).toEqual([]);
  });

  it('can be deleted while another employee has salary entries', async () => {
    const token = await login(ctx.app, ADMIN);
    for (const email of ['a@test.local', 'b@test.local']) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/employees/addEmployee',
        headers: bearer(token),
        payload: { ...valid, email },
      });
    }
    await rows(
      ctx,
      "INSERT INTO entries (kind, employee_id, party_name, amount, credit_debit) VALUES ('salary', 1, 'X', 10, 'Credit')",
    );
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/employees/deleteEmployee/2',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(await rows(ctx, 'SELECT id FROM employees')).toEqual([{ id: 1 }]);
  });
});
