// The ledger's statements (issue 40): the trial balance and balance sheet at a day, profit and
// loss on both bases and compared with another period, and an account's general ledger paged.
import { ledgerMessages as m } from 'contract';
import { setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { ledgerHelpers } from './ledger-support.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
let viewer: string;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ staff, viewer } = await signInAll(ctx.app));
});
afterAll(() => db.close());

const { call, fold, ledgerAccount, dayOfBooks } = ledgerHelpers(() => ({ ctx, staff }));

describe('the statements', () => {
  test('the trial balance balances; the balance sheet balances with the year’s profit in equity', async () => {
    await dayOfBooks();
    await fold();
    const trial = await call(viewer, 'GET', '/api/ledger/trial-balance?date=2026-03-31');
    expect(trial.status).toBe(200);
    expect(
      trial.body.rows.map((r: { code: string; debit: number; credit: number }) => [
        r.code,
        r.debit,
        r.credit,
      ]),
    ).toEqual([
      ['1001', 250, 0],
      ['1100', 400, 0],
      ['4000', 0, 1000],
      ['5000', 200, 0],
      ['6001', 150, 0],
    ]);
    expect(trial.body.totals).toEqual({ debit: 1000, credit: 1000 });
    expect(
      (await call(viewer, 'GET', '/api/ledger/trial-balance?date=2026-03-09')).body,
    ).toMatchObject({ rows: [], totals: { debit: 0, credit: 0 } });
    const sheet = await call(viewer, 'GET', '/api/ledger/balance-sheet?date=2026-03-31');
    expect(sheet.body).toMatchObject({
      yearStart: '2025-07-01',
      assets: [
        { code: '1001', amount: 250 },
        { code: '1100', amount: 400 },
      ],
      liabilities: [],
      equity: [{ name: 'Profit for the year', amount: 650 }],
      totals: { assets: 650, liabilities: 0, equity: 650 },
    });
    // In the next financial year the profit is earlier years'.
    const next = await call(viewer, 'GET', '/api/ledger/balance-sheet?date=2026-07-01');
    expect(next.body.equity).toEqual([
      { accountId: null, code: '', name: "Earlier years' profit", amount: 650 },
      { accountId: null, code: '', name: 'Profit for the year', amount: 0 },
    ]);
  });

  test('profit and loss counts invoices on the accrual basis and payments on the cash basis, as the Finance report', async () => {
    await dayOfBooks();
    await fold();
    const accrual = await call(
      viewer,
      'GET',
      '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31&basis=accrual',
    );
    expect(accrual.body).toMatchObject({
      basis: 'accrual',
      income: [{ code: '4000', name: 'Sales', amount: 1000 }],
      expenses: [
        { code: '5000', amount: 200 },
        { code: '6001', amount: 150 },
      ],
      totals: { income: 1000, expenses: 350, profit: 650 },
    });
    const cash = await call(
      viewer,
      'GET',
      '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31&basis=cash',
    );
    expect(cash.body.totals).toEqual({ income: 600, expenses: 350, profit: 250 });
    const finance = await call(
      viewer,
      'GET',
      '/api/dashboard/finance?from=2026-03-01&to=2026-03-31',
    );
    expect(finance.body).toMatchObject({ income: 600, salary: 200, expense: 150 });
    expect(
      (await call(viewer, 'GET', '/api/ledger/profit-loss?from=2026-03-31&to=2026-03-01')).body
        .message,
    ).toBe(m.fromAfterTo);
    expect(
      (
        await call(
          viewer,
          'GET',
          '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31&basis=both',
        )
      ).status,
    ).toBe(400);
  });

  test('profit and loss compares with the previous month, each account and total beside it', async () => {
    await dayOfBooks();
    await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 100,
      Creditdebit: 'Credit',
      date: '2026-02-10',
    });
    await fold();
    const compared = await call(
      viewer,
      'GET',
      '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31&basis=cash&compare=previous',
    );
    expect(compared.status).toBe(200);
    expect(compared.body.expenses).toEqual([
      expect.objectContaining({
        code: '5000',
        amount: 200,
        compare: { other: 0, change: 200, percent: null },
      }),
      expect.objectContaining({
        code: '6001',
        amount: 150,
        compare: { other: 100, change: 50, percent: 50 },
      }),
    ]);
    expect(compared.body.compare).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      income: { other: 0, change: 600, percent: null },
      expenses: { other: 100, change: 250, percent: 250 },
      profit: { other: -100, change: 350, percent: 350 },
    });
    const plain = await call(
      viewer,
      'GET',
      '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31',
    );
    expect(plain.body.compare).toBeUndefined();
    expect(plain.body.expenses[0].compare).toBeUndefined();
  });

  test('the general ledger pages an account with its opening, running and closing balances', async () => {
    for (let day = 1; day <= 5; day += 1)
      await call(staff, 'POST', '/api/incoms/addIncome', {
        clientId: 1,
        amount: 100 * day,
        Creditdebit: 'Credit',
        date: `2026-03-0${day}`,
      });
    await fold();
    const cash = await ledgerAccount('1001');
    const first = await call(
      viewer,
      'GET',
      `/api/ledger/accounts/${cash}/lines?from=2026-03-02&to=2026-03-04&limit=2`,
    );
    expect(first.body).toMatchObject({ account: { code: '1001' }, opening: 100, closing: 1000 });
    expect(
      first.body.rows.map((r: { date: string; debit: number; balance: number; source: string }) => [
        r.date,
        r.debit,
        r.balance,
        r.source,
      ]),
    ).toEqual([
      ['2026-03-02', 200, 300, 'entry'],
      ['2026-03-03', 300, 600, 'entry'],
    ]);
    expect(first.body.rows[0].description).toBe('Income · Acme Buyer');
    const second = await call(
      viewer,
      'GET',
      `/api/ledger/accounts/${cash}/lines?from=2026-03-02&to=2026-03-04&limit=2&after=${first.body.next}`,
    );
    expect(second.body.rows.map((r: { balance: number }) => r.balance)).toEqual([1000]);
    expect(second.body.next).toBeNull();
    expect(
      (await call(viewer, 'GET', `/api/ledger/accounts/9999/lines?from=2026-03-01&to=2026-03-31`))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          viewer,
          'GET',
          `/api/ledger/accounts/${cash}/lines?from=2026-03-01&to=2026-03-31&after=bogus`,
        )
      ).status,
    ).toBe(400);
  });
});
