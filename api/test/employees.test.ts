import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { crudSuite } from './crud-suite.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.reset();
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
