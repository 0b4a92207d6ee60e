// Money totals never overflow and reach the client exact to the cent, however large
// (docs/decisions/005-money-bounds.md).
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

beforeEach(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  token = await login(ctx.app, ADMIN);
});
afterAll(() => db.close());

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
  const ledger = (await get(`/getClientLedger?clientId=1&startDate=${today}&endDate=${today}`)) as {
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
