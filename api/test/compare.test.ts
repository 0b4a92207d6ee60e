// The spec's reports beside another period (issue 34): compare=previous|lastYear.
import { ADMIN, bearer, login, setupDatabase, type TestContext } from './helpers.js';
import { insertEntries, seedParties, type DatedEntry } from './fixtures.js';
import { addMonths, comparedDays, comparedRange } from '../src/lib/compare.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

const history: DatedEntry[] = [
  { kind: 'income', party: 1, amount: '1000.10', cd: 'Debit', day: '2025-01-31' },
  { kind: 'income', party: 1, amount: '400.20', cd: 'Credit', day: '2025-02-01' },
  { kind: 'income', party: 2, amount: '500.00', cd: 'Credit', day: '2025-01-01' },
  { kind: 'income', party: 2, amount: '100.00', cd: 'Credit', day: '2024-02-29' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-01-31' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-02-28' },
  { kind: 'salary', party: 2, amount: '25000.50', day: '2025-02-15' },
  { kind: 'expense', party: 1, amount: '1200.00', day: '2025-01-01' },
  { kind: 'expense', party: 2, amount: '0.30', day: '2025-01-16' },
  { kind: 'expense', party: 2, amount: '50.00', day: '2025-02-10' },
  { kind: 'expense', party: 1, amount: '-1200.00', day: '2025-01-01' },
];

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(
    ctx,
    history.filter((e) => !e.amount.startsWith('-')),
  );
  // A reversal of the January rent: the pair cancels in both periods' sums.
  await ctx.database.db.executeQuery(
    (await import('kysely')).sql`
      INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, entry_date, reverses_id)
      SELECT kind, expense_type_id, party_name, -amount, credit_debit, entry_date, id
      FROM entries WHERE kind = 'expense' AND amount = 1200`.compile(ctx.database.db),
  );
  token = await login(ctx.app, ADMIN);
});
afterAll(() => db.close());

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
};

describe('the other period', () => {
  it('takes whole months for a range of whole months, days otherwise', () => {
    expect(comparedRange({ from: '2025-03-01', to: '2025-03-31' }, 'previous')).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
    });
    expect(comparedRange({ from: '2024-03-01', to: '2024-03-31' }, 'previous')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(comparedRange({ from: '2025-01-01', to: '2025-03-31' }, 'previous')).toEqual({
      from: '2024-10-01',
      to: '2024-12-31',
    });
    expect(comparedRange({ from: '2025-03-10', to: '2025-03-19' }, 'previous')).toEqual({
      from: '2025-02-28',
      to: '2025-03-09',
    });
  });
  it('keeps month ends as month ends a year earlier (leap years)', () => {
    expect(comparedRange({ from: '2024-02-01', to: '2024-02-29' }, 'lastYear')).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
    });
    expect(comparedRange({ from: '2025-02-01', to: '2025-02-28' }, 'lastYear')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(comparedDays({ from: '2025-02-01', to: '2025-02-28' }, 'lastYear')).toEqual({
      from: '2024-02-01',
      to: '2024-02-28',
    });
  });
});

describe('compare on the reports', () => {
  it('Expense Vs Type: every type of either month, with negative changes', async () => {
    const { status, body } = await get(
      '/api/dashboard/getExpenseVsType?startDate=2025-02-01&endDate=2025-02-28&compare=previous',
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        expanceTypeId: 2,
        expenseType: 'Fuel',
        totalExpense: 50,
        compare: {
          from: '2025-01-01',
          to: '2025-01-31',
          totalExpense: { other: 0.3, change: 49.7, percent: 16566.67 },
        },
      },
      {
        expanceTypeId: 1,
        expenseType: 'Rent',
        totalExpense: 0,
        compare: {
          from: '2025-01-01',
          to: '2025-01-31',
          totalExpense: { other: 0, change: 0, percent: null },
        },
      },
    ]);
    const january = await get(
      '/api/dashboard/getExpenseVsType?startDate=2025-01-01&endDate=2025-01-31&compare=lastYear',
    );
    expect(january.body).toEqual([
      {
        expanceTypeId: 2,
        expenseType: 'Fuel',
        totalExpense: 0.3,
        compare: {
          from: '2024-01-01',
          to: '2024-01-31',
          totalExpense: { other: 0, change: 0.3, percent: null },
        },
      },
      {
        expanceTypeId: 1,
        expenseType: 'Rent',
        totalExpense: 0,
        compare: {
          from: '2024-01-01',
          to: '2024-01-31',
          totalExpense: { other: 0, change: 0, percent: null },
        },
      },
    ]);
  });

  it('answers as the spec without compare, and [] for periods with no entries', async () => {
    expect(
      (await get('/api/dashboard/getExpenseVsType?startDate=2025-02-01&endDate=2025-02-28')).body,
    ).toEqual([{ expanceTypeId: 2, expenseType: 'Fuel', totalExpense: 50 }]);
    expect(
      (
        await get(
          '/api/dashboard/getExpenseVsType?startDate=2020-02-01&endDate=2020-02-29&compare=previous',
        )
      ).body,
    ).toEqual([]);
  });

  it('Employees Vs Salary against the month before; refused over all time', async () => {
    const { body } = await get(
      '/api/dashboard/getEmployeesVsSalary?startDate=2025-02-01&endDate=2025-02-28&compare=previous',
    );
    expect(
      body.map((r: { totalSalary: number; compare: unknown }) => [r.totalSalary, r.compare]),
    ).toEqual([
      [
        30000,
        {
          from: '2025-01-01',
          to: '2025-01-31',
          totalSalary: { other: 30000, change: 0, percent: 0 },
        },
      ],
      [
        25000.5,
        {
          from: '2025-01-01',
          to: '2025-01-31',
          totalSalary: { other: 0, change: 25000.5, percent: null },
        },
      ],
    ]);
    const refused = await get('/api/dashboard/getEmployeesVsSalary?compare=previous');
    expect(refused).toEqual({
      status: 400,
      body: { code: 'compare_needs_range', message: 'A comparison needs a start and an end date' },
    });
    expect((await get('/api/dashboard/getExpenseVsType?compare=sideways')).status).toBe(400);
  });

  it('Finance: profit/loss with compare=none, and each figure against the other period', async () => {
    expect((await get('/api/dashboard/finance?from=2025-02-01&to=2025-02-28')).body).toEqual({
      income: 400.2,
      salary: 55000.5,
      expense: 50,
    });
    expect(
      (await get('/api/dashboard/finance?from=2025-02-01&to=2025-02-28&compare=none')).body,
    ).toEqual({ income: 400.2, salary: 55000.5, expense: 50, profitLoss: -54650.3 });
    const { body } = await get(
      '/api/dashboard/finance?from=2025-02-01&to=2025-02-28&compare=previous',
    );
    expect(body.compare).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      income: { other: 500, change: -99.8, percent: -19.96 },
      salary: { other: 30000, change: 25000.5, percent: 83.34 },
      expense: { other: 0.3, change: 49.7, percent: 16566.67 },
      profitLoss: { other: -29500.3, change: -25150, percent: -85.25 },
    });
  });

  it('Income Report: each day beside the day as far into the other period', async () => {
    const { body } = await get(
      '/api/dashboard/getIncomeReport?startDate=2025-02-01&endDate=2025-02-28&compare=lastYear',
    );
    expect(body).toEqual([
      {
        date: '2025-02-01',
        totalIncome: 400.2,
        compare: { date: '2024-02-01', totalIncome: { other: 0, change: 400.2, percent: null } },
      },
    ]);
    const leap = await get(
      '/api/dashboard/getIncomeReport?startDate=2024-02-01&endDate=2024-02-29&compare=previous',
    );
    expect(leap.body).toEqual([
      {
        date: '2024-02-29',
        totalIncome: 100,
        compare: { date: '2024-01-31', totalIncome: { other: 0, change: 100, percent: null } },
      },
    ]);
    expect((await get('/api/dashboard/getIncomeReport')).body).toHaveLength(3);
  });

  it('Yearly: each month beside the same month a year earlier', async () => {
    const { body } = await get('/api/dashboard/yearly?year=2025&compare=lastYear');
    expect(body).toHaveLength(12);
    expect(body[1]).toEqual({
      month: 2,
      income: 400.2,
      salary: 55000.5,
      expense: 50,
      pending: -54650.3,
      compare: {
        from: '2024-02-01',
        to: '2024-02-29',
        income: { other: 100, change: 300.2, percent: 300.2 },
        salary: { other: 0, change: 55000.5, percent: null },
        expense: { other: 0, change: 50, percent: null },
        pending: { other: 100, change: -54750.3, percent: -54750.3 },
      },
    });
    expect((await get('/api/dashboard/yearly?year=2025')).body[1]).toEqual({
      month: 2,
      income: 400.2,
      salary: 55000.5,
      expense: 50,
      pending: -54650.3,
    });
  });
});
