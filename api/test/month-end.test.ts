// Budgets, receivables aging, the month-end checklist and its close (issue 34).
import { sql } from 'kysely';
import { apiMessages } from 'contract';
import {
  bearer,
  rows,
  setupDatabase,
  signInBoth,
  signInViewer,
  type TestContext,
} from './helpers.js';
import { insertEntries, seedParties, type DatedEntry } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';
import { bigPdf, multipartBody } from './hostile-files.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

const history: DatedEntry[] = [
  // Acme: four invoices, a part payment, an invoice and a payment both reversed below.
  { kind: 'income', party: 1, amount: '100.00', cd: 'Debit', day: '2025-01-10' },
  { kind: 'income', party: 1, amount: '200.00', cd: 'Debit', day: '2025-04-15' },
  { kind: 'income', party: 1, amount: '300.00', cd: 'Debit', day: '2025-05-20' },
  { kind: 'income', party: 1, amount: '400.00', cd: 'Debit', day: '2025-06-20' },
  { kind: 'income', party: 1, amount: '50.00', cd: 'Debit', day: '2025-06-25' },
  { kind: 'income', party: 1, amount: '150.00', cd: 'Credit', day: '2025-02-01' },
  { kind: 'income', party: 1, amount: '500.00', cd: 'Credit', day: '2025-06-01' },
  { kind: 'income', party: 1, amount: '1000.00', cd: 'Credit', day: '2025-07-05' },
  // Beta pays more than it was billed.
  { kind: 'income', party: 2, amount: '100.00', cd: 'Debit', day: '2025-03-01' },
  { kind: 'income', party: 2, amount: '250.00', cd: 'Credit', day: '2025-03-05' },
  { kind: 'expense', party: 1, amount: '800.00', day: '2025-03-05' },
  { kind: 'expense', party: 1, amount: '300.00', day: '2025-03-20' },
  { kind: 'expense', party: 2, amount: '120.00', day: '2025-03-10' },
  { kind: 'expense', party: 3, amount: '70.00', day: '2025-02-01' },
];

const reverse = (where: string) =>
  rows(
    ctx,
    `INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                          credit_debit, entry_date, reverses_id)
     SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
            entry_date, id FROM entries WHERE ${where}`,
  );

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(ctx, history);
  await reverse(`kind = 'income' AND amount = 50 AND credit_debit = 'Debit'`);
  await reverse(`kind = 'income' AND amount = 500 AND credit_debit = 'Credit'`);
  ({ admin, staff } = await signInBoth(ctx.app));
  viewer = await signInViewer(ctx.app, admin);
});
afterAll(() => db.close());

const call = async (
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => {
  const response = await ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};
const get = (url: string) => call(admin, 'GET', url);

describe('receivables aging', () => {
  it('covers invoices oldest first, net of reversals; an overpaying client has no buckets', async () => {
    const { status, body } = await get('/api/reports/receivables?date=2025-06-30');
    expect(status).toBe(200);
    expect(body).toEqual({
      date: '2025-06-30',
      rows: [
        {
          clientId: 1,
          clientName: 'Acme Buyer',
          balance: 850,
          days0to30: 400,
          days31to60: 300,
          days61to90: 150,
          over90: 0,
          oldestInvoiceDate: '2025-04-15',
        },
        {
          clientId: 2,
          clientName: 'Beta Buyer',
          balance: -150,
          days0to30: 0,
          days31to60: 0,
          days61to90: 0,
          over90: 0,
          oldestInvoiceDate: null,
        },
      ],
      totals: { balance: 700, days0to30: 400, days31to60: 300, days61to90: 150, over90: 0 },
    });
  });

  it("agrees with the client ledger's balance on the day", async () => {
    for (const [clientId, balance] of [
      [1, 850],
      [2, -150],
    ] as const) {
      const opening = await get(
        `/api/ledgers/opening?ledger=client&partyId=${clientId}&startDate=2025-07-01`,
      );
      expect(opening.body.balance).toBe(balance);
    }
  });

  it('ages an invoice over 90 days, and a day before any invoice is empty', async () => {
    const { body } = await get('/api/reports/receivables?date=2025-04-30');
    expect(body.rows[0]).toMatchObject({
      clientId: 1,
      balance: 150,
      days61to90: 0,
      over90: 0,
      days0to30: 150,
      oldestInvoiceDate: '2025-04-15',
    });
    const later = await get('/api/reports/receivables?date=2025-08-20');
    // The July payment covers everything but 150 of the June invoice.
    expect(later.body.rows[0]).toMatchObject({ clientId: 1, balance: -150, over90: 0 });
    expect((await get('/api/reports/receivables?date=2024-01-01')).body.rows).toEqual([]);
    expect((await get('/api/reports/receivables?date=2025-02-30')).status).toBe(400);
  });
});

describe('budgets', () => {
  it('are set by admins only, either monthly or per month of a year', async () => {
    expect((await call(staff, 'PUT', '/api/expance/1/budget', { monthly: 1000 })).status).toBe(403);
    const refused = await call(viewer, 'PUT', '/api/expance/1/budget', { monthly: 1000 });
    expect(refused).toEqual({
      status: 403,
      body: { code: 'read_only', message: apiMessages.readOnly },
    });
    expect(await call(admin, 'PUT', '/api/expance/1/budget', { monthly: 1, year: 2025 })).toEqual({
      status: 400,
      body: {
        code: 'budget_monthly_or_year',
        message: 'Send either a monthly amount, or a year with twelve monthly amounts',
      },
    });
    expect(
      (await call(admin, 'PUT', '/api/expance/1/budget', { year: 2025, months: [1, 2] })).status,
    ).toBe(400);
    expect((await call(admin, 'PUT', '/api/expance/1/budget', { monthly: 1.005 })).status).toBe(
      400,
    );
    expect((await call(admin, 'PUT', '/api/expance/99/budget', { monthly: 1 })).status).toBe(404);

    const saved = await call(admin, 'PUT', '/api/expance/1/budget', { monthly: 1000 });
    expect(saved).toEqual({
      status: 200,
      body: { message: 'Budget saved', budget: { expenseTypeId: 1, monthly: 1000, years: [] } },
    });
    const months = [100, 100, 150, 100, 100, 100, 100, 100, 100, 100, 100, 100];
    expect(
      (await call(admin, 'PUT', '/api/expance/2/budget', { year: 2025, months })).body.budget,
    ).toEqual({ expenseTypeId: 2, monthly: null, years: [{ year: 2025, months }] });
    // A suspended type keeps its budget.
    expect((await call(admin, 'PUT', '/api/expance/3/budget', { monthly: 50 })).status).toBe(200);
  });

  it('Budget vs actual for a month, with totals, agrees with Expense Vs Type', async () => {
    const { body } = await get('/api/reports/budget?month=2025-03');
    expect(body).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      rows: [
        {
          expenseTypeId: 2,
          expenseType: 'Fuel',
          status: 'Active',
          budget: 150,
          actual: 120,
          difference: 30,
          percentUsed: 80,
          overBudget: false,
        },
        {
          expenseTypeId: 3,
          expenseType: 'Old',
          status: 'Suspended',
          budget: 50,
          actual: 0,
          difference: 50,
          percentUsed: 0,
          overBudget: false,
        },
        {
          expenseTypeId: 1,
          expenseType: 'Rent',
          status: 'Active',
          budget: 1000,
          actual: 1100,
          difference: -100,
          percentUsed: 110,
          overBudget: true,
        },
      ],
      totals: { budget: 1200, actual: 1220, difference: -20, percentUsed: 101.67 },
    });
    const byType = await get(
      '/api/dashboard/getExpenseVsType?startDate=2025-03-01&endDate=2025-03-31',
    );
    for (const row of byType.body as Array<{ expanceTypeId: number; totalExpense: number }>)
      expect(
        body.rows.find((r: { expenseTypeId: number }) => r.expenseTypeId === row.expanceTypeId)
          .actual,
      ).toBe(row.totalExpense);
  });

  it('for a past year: every month, per-month amounts in place of the monthly one', async () => {
    const { body } = await get('/api/reports/budget?year=2025');
    expect(body.from).toBe('2025-01-01');
    expect(body.to).toBe('2025-12-31');
    expect(
      body.rows.map((r: { expenseType: string; budget: number; actual: number }) => [
        r.expenseType,
        r.budget,
        r.actual,
      ]),
    ).toEqual([
      ['Fuel', 1250, 120],
      ['Old', 600, 70],
      ['Rent', 12000, 1100],
    ]);
    expect((await get('/api/reports/budget')).status).toBe(400);
    expect((await get('/api/reports/budget?month=2025-03&year=2025')).body.code).toBe(
      'budget_year_or_month',
    );
  });

  it('an expense past its budget is saved and says so; the dashboard lists the type', async () => {
    const today = todayIn(ctx.config.timeZone);
    const first = await call(admin, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 600,
      Creditdebit: 'Credit',
    });
    expect(first.status).toBe(201);
    expect(first.body.budget).toMatchObject({
      month: today.slice(0, 7),
      budget: 1000,
      actual: 600,
      percentUsed: 60,
      wentOver: false,
      overBudget: false,
    });
    const second = await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 500,
      Creditdebit: 'Credit',
    });
    expect(second.status).toBe(201);
    expect(second.body.message).toBe(first.body.message);
    expect(second.body.budget).toEqual({
      month: today.slice(0, 7),
      budget: 1000,
      actual: 1100,
      percentUsed: 110,
      wentOver: true,
      overBudget: true,
      notice: 'This expense takes the type past its budget for the month',
    });
    const use = await get('/api/expance/1/budget');
    expect(use.body).toEqual({
      expenseTypeId: 1,
      month: today.slice(0, 7),
      budget: 1000,
      actual: 1100,
      percentUsed: 110,
      overBudget: true,
    });
    const types = (await get('/api/expance/getExpancetype')).body.users as Array<{
      id: number;
      monthlyBudget?: number;
    }>;
    expect(types.find((t) => t.id === 1)?.monthlyBudget).toBe(1000);
    // Fuel's budget is for 2025 only: no budget this month, no field.
    expect(types.find((t) => t.id === 2)).not.toHaveProperty('monthlyBudget');
    const dashboard = await call(viewer, 'GET', '/api/dashboard/over-budget');
    expect(dashboard.body.rows.map((r: { expenseType: string }) => r.expenseType)).toEqual([
      'Rent',
    ]);
    // A type without a budget answers as before, with no budget field.
    await call(admin, 'PUT', '/api/expance/2/budget', { monthly: null });
    const plain = await call(admin, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 2,
      amount: 5,
      Creditdebit: 'Credit',
    });
    expect(Object.keys(plain.body).sort()).toEqual(['entry', 'message']);
  });

  it('an expense saved with its receipts says the same when it takes the type past its budget', async () => {
    const today = todayIn(ctx.config.timeZone);
    const withFile = async (amount: number) => {
      const form = multipartBody([
        { name: 'kind', value: 'expense' },
        {
          name: 'entry',
          value: JSON.stringify({ expanceTypeId: 1, amount, Creditdebit: 'Credit', date: today }),
        },
        {
          name: 'receipt',
          fileName: 'bill.pdf',
          contentType: 'application/pdf',
          value: bigPdf(2048),
        },
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/receipts/entries',
        headers: { ...bearer(staff), 'content-type': form.contentType },
        payload: form.body,
      });
      return { status: response.statusCode, body: response.json() };
    };
    expect((await call(admin, 'PUT', '/api/expance/1/budget', { monthly: 5000 })).status).toBe(200);
    const used = Number((await get('/api/expance/1/budget')).body.actual);
    const within = await withFile(1);
    expect(within.status).toBe(201);
    expect(within.body.receipts).toHaveLength(1);
    expect(within.body.budget).toMatchObject({ budget: 5000, actual: used + 1, wentOver: false });
    expect(within.body.budget).not.toHaveProperty('notice');
    const over = await withFile(5000 - used);
    expect(over.status).toBe(201);
    expect(over.body.budget).toMatchObject({
      budget: 5000,
      actual: 5001,
      wentOver: true,
      notice: 'This expense takes the type past its budget for the month',
    });
  });
});

describe('the month-end checklist and its close', () => {
  beforeAll(async () => {
    await rows(ctx, `UPDATE employees SET monthly_salary = 30000 WHERE id = 1`);
    // Dated 31 March, recorded on 2 April.
    await rows(
      ctx,
      `INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, entry_date, created_at)
       VALUES ('expense', 2, 'Fuel', 9.99, 'Credit', DATE '2025-03-31', TIMESTAMPTZ '2025-04-02 09:00:00+00')`,
    );
    await rows(
      ctx,
      `INSERT INTO recurring_schedules (kind, expense_type_id, amount, credit_debit, description,
                                        repeats, starts_on)
       VALUES ('expense', 1, 10, 'Credit', 'Water', 'monthly', DATE '2025-01-15')`,
    );
    await rows(
      ctx,
      `INSERT INTO recurring_occurrences (schedule_id, occurs_on, skipped_at)
       VALUES (1, DATE '2025-02-15', now())`,
    );
  });

  it('counts each open item and links to exactly those items', async () => {
    const { status, body } = await call(staff, 'GET', '/api/month-end?month=2025-03');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      month: '2025-03',
      from: '2025-03-01',
      to: '2025-03-31',
      closedThrough: null,
      closed: false,
      canClose: true,
      refusal: null,
      openCount: 7,
    });
    expect(body.items).toEqual([
      {
        key: 'expensesWithoutReceipt',
        label: 'Expenses without a receipt',
        count: 4,
        link: '/Journal?from=2025-03-01&to=2025-03-31&kind=expense&receipt=without',
      },
      {
        key: 'recurringNotPosted',
        label: 'Recurring entries due and not posted',
        count: 1,
        link: '/Recurring',
      },
      {
        key: 'employeesNotPaid',
        label: 'Employees not paid by a payroll',
        count: 1,
        link: '/Payroll?month=2025-03',
      },
      {
        key: 'recordedLate',
        label: 'Entries recorded after the month ended',
        count: 1,
        link: '/Journal?from=2025-03-01&to=2025-03-31&recordedAfter=2025-03-31',
      },
      // Only Cash, without a statement: nothing of the bank is open (month-end-bank.test.ts).
      {
        key: 'statementLinesUnmatched',
        label: 'Statement lines not matched',
        count: 0,
        link: '/Accounts',
      },
      {
        key: 'accountsNotReconciled',
        label: "Accounts not reconciled through the month's last day",
        count: 0,
        link: '/Accounts',
      },
    ]);
    // The links list what is counted.
    const late = await get(
      '/api/journal/totals?from=2025-03-01&to=2025-03-31&recordedAfter=2025-03-31',
    );
    expect(late.body).toMatchObject({ count: 1, credit: 9.99 });
    const without = await get(
      '/api/journal/totals?from=2025-03-01&to=2025-03-31&kind=expense&receipt=without',
    );
    expect(without.body.count).toBe(4);
  });

  it('closes a month for admins only, one month after another, and records it', async () => {
    expect((await call(staff, 'POST', '/api/month-end/close', { month: '2025-03' })).status).toBe(
      403,
    );
    expect((await call(viewer, 'POST', '/api/month-end/close', { month: '2025-03' })).status).toBe(
      403,
    );
    const thisMonth = todayIn(ctx.config.timeZone).slice(0, 7);
    const notOver = await call(admin, 'POST', '/api/month-end/close', { month: thisMonth });
    expect(notOver).toEqual({
      status: 409,
      body: { code: 'month_not_over', message: 'A month can be closed only after its last day' },
    });
    expect((await call(admin, 'POST', '/api/month-end/close', { month: '2025-13' })).status).toBe(
      400,
    );

    const closed = await call(admin, 'POST', '/api/month-end/close', { month: '2025-02' });
    expect(closed).toEqual({
      status: 200,
      body: {
        message: 'Month closed',
        closedThrough: '2025-02-28',
        open: {
          expensesWithoutReceipt: 1,
          recurringNotPosted: 0,
          employeesNotPaid: 1,
          recordedLate: 0,
          statementLinesUnmatched: 0,
          accountsNotReconciled: 0,
        },
      },
    });
    const [activity] = await rows<{ after: string; actor_id: number }>(
      ctx,
      `SELECT after::text, actor_id FROM audit_log WHERE entity = 'books' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.parse(activity?.after ?? '{}')).toEqual({
      closedThrough: '2025-02-28',
      monthClosed: '2025-02',
      open: {
        expensesWithoutReceipt: 1,
        recurringNotPosted: 0,
        employeesNotPaid: 1,
        recordedLate: 0,
        statementLinesUnmatched: 0,
        accountsNotReconciled: 0,
      },
    });

    const again = await call(admin, 'POST', '/api/month-end/close', { month: '2025-02' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('month_already_closed');
    const skipped = await call(admin, 'POST', '/api/month-end/close', { month: '2025-04' });
    expect(skipped).toEqual({
      status: 409,
      body: {
        code: 'earlier_month_open',
        message: 'An earlier month is still open: close it first. Books closed through 2025-02-28',
      },
    });
    const march = await call(staff, 'GET', '/api/month-end?month=2025-04');
    expect(march.body).toMatchObject({ canClose: false, closedThrough: '2025-02-28' });
    expect((await call(admin, 'POST', '/api/month-end/close', { month: '2025-03' })).status).toBe(
      200,
    );
    // Entries in the closed months are refused; the figures stay as they were.
    const refused = await call(admin, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 1,
      Creditdebit: 'Credit',
      date: '2025-03-10',
    });
    expect(refused.status).toBe(409);
    expect((await get('/api/reports/budget?month=2025-03')).body.totals.actual).toBe(1229.99);
    await sql`UPDATE books SET closed_through = NULL`.execute(ctx.database.db);
  });
});
