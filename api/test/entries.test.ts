import { randomUUID } from 'node:crypto';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
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
    expect(response.json()).toMatchObject({ message });
    expect(await rows(ctx, 'SELECT id FROM entries')).toHaveLength(0);
  });

  it('requires the picker, the Credit/Debit choice and the amount', async () => {
    const idField = Object.keys(form.body).find((k) => k.endsWith('Id')) as string;
    for (const field of [idField, 'Creditdebit', 'amount']) {
      const body: Record<string, unknown> = { ...form.body };
      delete body[field];
      const response = await post(form.url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: `${field} is required` });
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
      code: 'idempotency_conflict',
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
    expect(response.json()).toMatchObject({ message: 'Creditdebit must be Credit for this entry' });
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
    code: 'expense_type_suspended',
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
  expect(response.json()).toMatchObject({ message: 'Request body is too large' });
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

// Money totals never overflow and reach the client exact to the cent, however large
// (docs/decisions/005-money-bounds.md).
describe('money totals', () => {
  const LARGEST = 999_999_999_999.99;
  const LARGEST_CENTS = 99_999_999_999_999n;

  /** `cents` as the decimal text of RS with two decimals: 12345n -> "123.45". */
  const rs = (cents: bigint) => {
    const sign = cents < 0n ? '-' : '';
    const abs = cents < 0n ? -cents : cents;
    return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  };

  /** The body with every number kept as the text of its token, so nothing is rounded. */
  const exactJson = (body: string): unknown =>
    JSON.parse(
      body.replace(/"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, (match, number) =>
        number === undefined ? match : `"${number}"`,
      ),
    );

  const get = async (url: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/dashboard${url}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return exactJson(response.body);
  };

  const addIncome = (amount: number, Creditdebit: 'Credit' | 'Debit') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/incoms/addIncome',
      headers: bearer(token),
      payload: { clientId: 1, clientName: 'Acme Buyer', amount, description: '', Creditdebit },
    });

  it('records the 101st entry of 999,999,999,999.99 on one day and reports the total to the cent', async () => {
    for (let i = 1; i <= 101; i += 1) {
      const response = await addIncome(LARGEST, 'Credit');
      expect({ entry: i, status: response.statusCode }).toEqual({ entry: i, status: 201 });
    }
    const total = rs(101n * LARGEST_CENTS); // 100999999999998.99
    expect(total).toBe('100999999999998.99');
    const today = todayIn('UTC');

    expect(await get(`/finance?from=${today}&to=${today}`)).toEqual({
      income: total,
      salary: '0',
      expense: '0',
    });
    expect(await get('/getIncomeReport')).toEqual([{ date: today, totalIncome: total }]);
    expect(await get('/getClientsVsSales')).toEqual([
      {
        clientId: '1',
        clientname: 'Acme Buyer',
        totalDebit: '0',
        totalCredit: total,
        netTotal: `-${total}`,
      },
    ]);
    const month = Number(today.slice(5, 7));
    expect((await get(`/yearly?year=${today.slice(0, 4)}`)) as unknown[]).toContainEqual({
      month: String(month),
      income: total,
      salary: '0',
      expense: '0',
      pending: total,
    });
    const ledger = (await get(
      `/getClientLedger?clientId=1&startDate=${today}&endDate=${today}`,
    )) as {
      balance: string;
    }[];
    expect(ledger).toHaveLength(101);
    expect(ledger[100]?.balance).toBe(`-${total}`);
  });

  it('keeps totals far beyond what a double holds exact, in every report and ledger', async () => {
    // 1,000 entries of the largest amount for each figure, written straight to the database:
    // totals of about 1e15 RS, 1e17 cents, ten times past 2^53.
    const count = 1_000n;
    for (const [kind, column, party, cd, day] of [
      ['income', 'client_id', 'Acme Buyer', 'Debit', '2025-01-10'],
      ['income', 'client_id', 'Acme Buyer', 'Credit', '2025-02-10'],
      ['salary', 'employee_id', 'Ali', 'Credit', '2025-02-11'],
      ['expense', 'expense_type_id', 'Rent', 'Credit', '2025-02-12'],
    ] as const) {
      await rows(
        ctx,
        `INSERT INTO entries (kind, ${column}, party_name, amount, credit_debit, entry_date)
         SELECT '${kind}', 1, '${party}', ${LARGEST}, '${cd}', DATE '${day}'
         FROM generate_series(1, ${count})`,
      );
    }
    const big = rs(count * LARGEST_CENTS);
    expect(big).toBe('999999999999990.00');

    expect(await get('/finance?from=2025-02-01&to=2025-02-28')).toEqual({
      income: big,
      salary: big,
      expense: big,
    });
    expect(await get('/getClientsVsSales')).toEqual([
      {
        clientId: '1',
        clientname: 'Acme Buyer',
        totalDebit: big,
        totalCredit: big,
        netTotal: '0.00',
      },
    ]);
    expect(await get('/getEmployeesVsSalary?startDate=2025-01-01&endDate=2025-12-31')).toEqual([
      { employeeId: '1', employeeName: 'Ali', totalSalary: big },
    ]);
    // A range with partial months at both ends reads the entries themselves.
    expect(await get('/getExpenseVsType?startDate=2025-01-05&endDate=2025-03-05')).toEqual([
      { expanceTypeId: '1', expenseType: 'Rent', totalExpense: big },
    ]);
    const yearly = (await get('/yearly?year=2025')) as Record<string, string>[];
    expect(yearly[1]).toEqual({
      month: '2',
      income: big,
      salary: big,
      expense: big,
      pending: `-${big}`,
    });
    // The opening balance carried into March is every Debit less every Credit: exactly zero;
    // on the last day of January it is the whole billed total.
    const january = (await get(
      '/getClientLedger?clientId=1&startDate=2025-01-10&endDate=2025-01-10',
    )) as { balance: string }[];
    expect(january[january.length - 1]?.balance).toBe(big);
    const expenses = (await get('/getExpenseLedger?startDate=2025-02-12&endDate=2025-02-12')) as {
      balance: string;
    }[];
    expect(expenses[expenses.length - 1]?.balance).toBe(big);
  });
});
