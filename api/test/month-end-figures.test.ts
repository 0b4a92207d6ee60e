// Every new figure of issue 34 agrees to the cent with the spec's reports, the Journal totals and
// the ledgers under the same filters, with reversals, backdated entries and a closed period.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
import { bearer, login, ADMIN, rows, setupDatabase, type TestContext } from './helpers.js';
import { insertEntries, seedParties, type DatedEntry } from './fixtures.js';
import { monthOf } from '../src/lib/dates.js';
import type {
  BudgetReport,
  EmployeesVsSalaryRow,
  ExpenseVsTypeRow,
  Finance,
  IncomeReportRow,
  LedgerOpening,
  MonthEnd,
  Receivables,
  YearlyRow,
} from 'contract';

/** A Finance answer asked with a comparison: every optional part is there. */
type Compared = Required<Finance> & { compare: NonNullable<Finance['compare']> };

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

/** A fixed pseudo-random history over 2024 and 2025 (the same on every run). */
function history(): DatedEntry[] {
  let seed = 34;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out: DatedEntry[] = [];
  for (let i = 0; i < 400; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 730) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const pick = next();
    const amount = (1 + Math.floor(next() * 500000) / 100).toFixed(2);
    if (pick < 0.4)
      out.push({
        kind: 'income',
        party: 1 + Math.floor(next() * 3),
        amount,
        cd: next() < 0.55 ? 'Debit' : 'Credit',
        day,
      });
    else if (pick < 0.6)
      out.push({ kind: 'salary', party: 1 + Math.floor(next() * 2), amount, day });
    else out.push({ kind: 'expense', party: 1 + Math.floor(next() * 3), amount, day });
  }
  return out;
}

const cents = (value: number) => Math.round(value * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0);

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(ctx, history());
  // Reversals of every seventh entry, and entries recorded months after their date.
  await rows(
    ctx,
    `INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                          credit_debit, entry_date, reverses_id)
     SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
            entry_date, id FROM entries WHERE id % 7 = 0`,
  );
  await rows(
    ctx,
    `INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                          credit_debit, entry_date, created_at)
     SELECT kind, client_id, employee_id, expense_type_id, party_name, amount, credit_debit,
            entry_date, created_at + interval '90 days'
     FROM entries WHERE id % 5 = 0 AND reverses_id IS NULL`,
  );
  await rows(ctx, `UPDATE books SET closed_through = DATE '2025-06-30'`);
  token = await login(ctx.app, ADMIN);
  for (const [id, body] of [
    [1, { monthly: 20000 }],
    [2, { year: 2025, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => m * 1000) }],
    [3, { monthly: 5000 }],
  ] as const) {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/expance/${id}/budget`,
      headers: bearer(token),
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
  }
});
afterAll(() => db.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
};

const journal = (query: string) =>
  get<{ count: number; credit: number; debit: number }>(`/api/journal/totals?${query}`);

const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-06', '2025-07', '2025-12', '2024-02'];

describe.each(MONTHS)('the figures of %s', (month) => {
  const { from, to } = monthOf(`${month}-01`);

  it('Finance with a comparison: each side is the spec report of its period', async () => {
    for (const compare of ['previous', 'lastYear']) {
      const compared = await get<Compared>(
        `/api/dashboard/finance?from=${from}&to=${to}&compare=${compare}`,
      );
      const plain = await get<Finance>(`/api/dashboard/finance?from=${from}&to=${to}`);
      const other = await get<Finance>(
        `/api/dashboard/finance?from=${compared.compare.from}&to=${compared.compare.to}`,
      );
      for (const figure of ['income', 'salary', 'expense'] as const) {
        expect(compared[figure]).toBe(plain[figure]);
        expect(compared.compare[figure].other).toBe(other[figure]);
        expect(cents(compared.compare[figure].change)).toBe(
          cents(plain[figure]) - cents(other[figure]),
        );
      }
      expect(cents(compared.profitLoss)).toBe(
        cents(plain.income) - cents(plain.salary) - cents(plain.expense),
      );
      // The Journal's totals over the same days agree.
      const expense = await journal(`from=${from}&to=${to}&kind=expense`);
      expect(cents(plain.expense)).toBe(cents(expense.credit));
      const income = await journal(`from=${from}&to=${to}&kind=income&Creditdebit=Credit`);
      expect(cents(plain.income)).toBe(cents(income.credit));
    }
  });

  it('Expense Vs Type and Employees Vs Salary with a comparison add up to Finance', async () => {
    const byType = await get<Required<ExpenseVsTypeRow>[]>(
      `/api/dashboard/getExpenseVsType?startDate=${from}&endDate=${to}&compare=previous`,
    );
    const finance = await get<Compared>(
      `/api/dashboard/finance?from=${from}&to=${to}&compare=previous`,
    );
    expect(sum(byType.map((r) => r.totalExpense))).toBe(cents(finance.expense));
    expect(sum(byType.map((r) => r.compare.totalExpense.other))).toBe(
      cents(finance.compare.expense.other),
    );
    const bySalary = await get<Required<EmployeesVsSalaryRow>[]>(
      `/api/dashboard/getEmployeesVsSalary?startDate=${from}&endDate=${to}&compare=lastYear`,
    );
    const lastYear = await get<Compared>(
      `/api/dashboard/finance?from=${from}&to=${to}&compare=lastYear`,
    );
    expect(sum(bySalary.map((r) => r.totalSalary))).toBe(cents(lastYear.salary));
    expect(sum(bySalary.map((r) => r.compare.totalSalary.other))).toBe(
      cents(lastYear.compare.salary.other),
    );
  });

  it('the Income Report by day adds up to Finance on both sides', async () => {
    const days = await get<Required<IncomeReportRow>[]>(
      `/api/dashboard/getIncomeReport?startDate=${from}&endDate=${to}&compare=previous`,
    );
    const finance = await get<Finance>(`/api/dashboard/finance?from=${from}&to=${to}`);
    expect(sum(days.map((r) => r.totalIncome))).toBe(cents(finance.income));
    const first = days.find((r) => r.compare)?.compare.date;
    if (first) {
      const length = Number(to.slice(8, 10));
      const otherFrom = new Date(Date.parse(`${from}T00:00:00Z`) - length * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const otherTo = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      const other = await get<Finance>(`/api/dashboard/finance?from=${otherFrom}&to=${otherTo}`);
      expect(sum(days.map((r) => r.compare.totalIncome.other))).toBe(cents(other.income));
    }
  });

  it('Budget vs actual: actual is Expense Vs Type, totals are the rows', async () => {
    const report = await get<BudgetReport>(`/api/reports/budget?month=${month}`);
    const byType = await get<ExpenseVsTypeRow[]>(
      `/api/dashboard/getExpenseVsType?startDate=${from}&endDate=${to}`,
    );
    for (const row of byType)
      expect(report.rows.find((r) => r.expenseTypeId === row.expanceTypeId)?.actual).toBe(
        row.totalExpense,
      );
    expect(cents(report.totals.actual)).toBe(sum(report.rows.map((r) => r.actual)));
    expect(cents(report.totals.budget)).toBe(sum(report.rows.map((r) => r.budget)));
    for (const row of report.rows)
      expect(cents(row.difference)).toBe(cents(row.budget) - cents(row.actual));
  });

  it("receivables: each balance is the ledger's, the buckets add up to it", async () => {
    const aging = await get<Receivables>(`/api/reports/receivables?date=${to}`);
    const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const clientId of [1, 2, 3]) {
      const opening = await get<LedgerOpening>(
        `/api/ledgers/opening?ledger=client&partyId=${clientId}&startDate=${dayAfter}`,
      );
      const row = aging.rows.find((r) => r.clientId === clientId);
      expect(row ? cents(row.balance) : 0).toBe(cents(opening.balance));
      if (row && row.balance > 0)
        expect(sum([row.days0to30, row.days31to60, row.days61to90, row.over90])).toBe(
          cents(row.balance),
        );
    }
    const income = await journal(`to=${to}&kind=income`);
    expect(cents(aging.totals.balance)).toBe(cents(income.debit) - cents(income.credit));
  });

  it('the checklist counts what its links list', async () => {
    const checklist = await get<MonthEnd>(`/api/month-end?month=${month}`);
    const late = checklist.items.find((i) => i.key === 'recordedLate');
    const without = checklist.items.find((i) => i.key === 'expensesWithoutReceipt');
    const query = (link: string) => link.slice(link.indexOf('?') + 1);
    expect((await journal(query(late?.link ?? ''))).count).toBe(late?.count);
    expect((await journal(query(without?.link ?? ''))).count).toBe(without?.count);
  });
});

it('Yearly with a comparison: the other side is the year before', async () => {
  const compared = await get<Required<YearlyRow>[]>(
    '/api/dashboard/yearly?year=2025&compare=previous',
  );
  const before = await get<YearlyRow[]>('/api/dashboard/yearly?year=2024');
  compared.forEach((row, index) => {
    for (const figure of ['income', 'salary', 'expense', 'pending'] as const)
      expect(row.compare[figure].other).toBe(before[index]?.[figure]);
  });
});
