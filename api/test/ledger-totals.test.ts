// The ledger's month totals (migration 037, src/ledger/totals.ts): the statements read whole
// months from ledger_monthly and only a period's part months by day, and still add up to the
// lines for periods that begin and end in the middle of a month, on a month's first or last day,
// within one month, with part of the lines not yet folded, and after a rebuild.
import { requestAs, rows, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';

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

// Expenses of one type, each amount its own power of two so that any sum names its days.
const EXPENSES: Array<[string, number]> = [
  ['2026-01-15', 1],
  ['2026-01-31', 2],
  ['2026-02-01', 4],
  ['2026-02-14', 8],
  ['2026-03-01', 16],
  ['2026-03-31', 32],
  ['2026-04-02', 64],
];
const PERIODS: Array<[string, string]> = [
  ['2026-01-16', '2026-03-31'],
  ['2026-01-15', '2026-01-31'],
  ['2026-02-01', '2026-02-28'],
  ['2026-01-31', '2026-03-01'],
  ['2026-02-02', '2026-02-13'],
  ['2026-03-01', '2026-04-02'],
  ['2026-01-01', '2026-12-31'],
  ['2026-02-14', '2026-02-14'],
];
const sumOf = (from: string, to: string) =>
  EXPENSES.filter(([day]) => day >= from && day <= to).reduce((sum, [, amount]) => sum + amount, 0);

async function expense(day: string, amount: number) {
  const answer = await requestAs(ctx.app, staff, 'POST', '/api/expance/addexpance', {
    expanceTypeId: 1,
    amount,
    Creditdebit: 'Credit',
    date: day,
  });
  expect(answer.status).toBe(201);
}

async function expectStatementsToAddUp() {
  for (const [from, to] of PERIODS) {
    for (const basis of ['accrual', 'cash']) {
      const answer = await requestAs(
        ctx.app,
        viewer,
        'GET',
        `/api/ledger/profit-loss?from=${from}&to=${to}&basis=${basis}`,
      );
      expect([from, to, basis, answer.body.totals.expenses]).toEqual([
        from,
        to,
        basis,
        sumOf(from, to),
      ]);
    }
  }
  for (const day of ['2026-01-14', '2026-01-31', '2026-02-13', '2026-03-15', '2026-04-30']) {
    const trial = await requestAs(ctx.app, viewer, 'GET', `/api/ledger/trial-balance?date=${day}`);
    const rent = trial.body.rows.find((r: { code: string }) => r.code === '6001');
    expect([day, rent?.debit ?? 0, trial.body.totals.debit]).toEqual([
      day,
      sumOf('1900-01-01', day),
      sumOf('1900-01-01', day),
    ]);
  }
  // The balance sheet's profit for the year, split at the financial year's start (1 July).
  const sheet = await requestAs(
    ctx.app,
    viewer,
    'GET',
    '/api/ledger/balance-sheet?date=2026-07-01',
  );
  expect(sheet.body.equity).toEqual([
    {
      accountId: null,
      code: '',
      name: "Earlier years' profit",
      amount: -sumOf('1900-01-01', '2026-06-30'),
    },
    { accountId: null, code: '', name: 'Profit for the year', amount: 0 },
  ]);
}

const monthsDifferingFromLines = async () =>
  rows<{ n: number }>(
    ctx,
    `SELECT count(*)::int AS n FROM (
       SELECT account_id, date_trunc('month', line_date)::date AS month, basis,
              sum(debit) AS debit, sum(credit) AS credit, count(*) AS lines
       FROM ledger_lines GROUP BY 1, 2, 3
     ) l FULL JOIN ledger_monthly m USING (account_id, month, basis)
     WHERE (l.debit, l.credit, l.lines) IS DISTINCT FROM (m.debit, m.credit, m.lines)`,
  );

test('statements over part months and whole months add up to the lines, folded or not, and after a rebuild', async () => {
  for (const [day, amount] of EXPENSES.slice(0, 4)) await expense(day, amount);
  await rows(ctx, 'SELECT fold_entry_rollups()');
  expect(await monthsDifferingFromLines()).toEqual([{ n: 0 }]);
  // The rest still in the queue.
  for (const [day, amount] of EXPENSES.slice(4)) await expense(day, amount);
  await expectStatementsToAddUp();
  await rows(ctx, 'SELECT fold_entry_rollups()');
  expect(await monthsDifferingFromLines()).toEqual([{ n: 0 }]);
  await expectStatementsToAddUp();
  await rows(ctx, 'SELECT rebuild_entry_rollups()');
  expect(await monthsDifferingFromLines()).toEqual([{ n: 0 }]);
  await expectStatementsToAddUp();
});

test('a period ending on the last day there is reads every month', async () => {
  await expense('2026-02-14', 8);
  await rows(ctx, 'SELECT fold_entry_rollups()');
  const answer = await requestAs(
    ctx.app,
    viewer,
    'GET',
    '/api/ledger/profit-loss?from=2026-02-14&to=9999-12-31',
  );
  expect(answer.body.totals.expenses).toBe(8);
  const trial = await requestAs(
    ctx.app,
    viewer,
    'GET',
    '/api/ledger/trial-balance?date=9999-12-31',
  );
  expect(trial.body.totals).toEqual({ debit: 8, credit: 8 });
});
