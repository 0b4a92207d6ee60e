// The ledger's figures agree with the books' own screens (issue 40), summed both ways, after a
// working month of every kind of write: the forms on several days (backdated too), a reversal, a
// correction, a payroll run, repeating entries, an import of entries, a batch reversed, a
// transfer, a voucher and a bank line booked to a ledger account, and the period closed.
import {
  bearer,
  requestAs,
  rows,
  setupDatabase,
  signInAll,
  uploadBody,
  type TestContext,
} from './helpers.js';
import { seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
  await aMonthOfBooks();
  await rows(ctx, 'SELECT fold_entry_rollups()');
});
afterAll(() => db.close());

const call = async (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => {
  const answer = await requestAs(ctx.app, token, method, url, payload);
  expect(answer.status).toBeLessThan(300);
  return answer.body;
};

async function upload(url: string, name: string, text: string, options: object) {
  const boundary = '----agree-boundary';
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: uploadBody(boundary, name, Buffer.from(text), options),
  });
  expect(response.statusCode).toBe(201);
}

const code = async (wanted: string) =>
  (await call(viewer, 'GET', '/api/ledger/accounts')).accounts.find(
    (a: { code: string }) => a.code === wanted,
  ).id as number;

async function aMonthOfBooks() {
  const bank = (
    await call(admin, 'POST', '/api/accounts', {
      name: 'Meezan',
      kind: 'Bank',
      openingBalance: '80000.00',
      openingDate: '2026-01-01',
    })
  ).account.id;
  const income = (body: object) => call(staff, 'POST', '/api/incoms/addIncome', body);
  const expense = (body: object) => call(staff, 'POST', '/api/expance/addexpance', body);
  await income({ clientId: 1, amount: 50000, Creditdebit: 'Debit', date: '2026-10-01' });
  await income({ clientId: 2, amount: '12000.50', Creditdebit: 'Debit', date: '2026-10-02' });
  await income({
    clientId: 1,
    amount: 30000,
    Creditdebit: 'Credit',
    date: '2026-10-05',
    accountId: bank,
  });
  await income({ clientId: 2, amount: 2000.25, Creditdebit: 'Credit', date: '2026-10-06' });
  const rent = await expense({
    expanceTypeId: 1,
    amount: 15000,
    Creditdebit: 'Credit',
    date: '2026-10-03',
    accountId: bank,
  });
  await expense({ expanceTypeId: 2, amount: 800.75, Creditdebit: 'Credit', date: '2026-10-04' });
  const wrong = await expense({
    expanceTypeId: 2,
    amount: 999,
    Creditdebit: 'Credit',
    date: '2026-10-07',
  });
  await call(staff, 'POST', `/api/journal/${wrong.entry.id}/reverse`, { reason: 'entered twice' });
  await call(staff, 'POST', `/api/journal/${rent.entry.id}/correct`, {
    reason: 'rent rose',
    amount: 16000,
  });
  await call(staff, 'POST', '/api/payroll', {
    month: '2026-10',
    lines: [
      { employeeId: 1, amount: 40000 },
      { employeeId: 2, amount: 35000.5 },
    ],
    accountId: bank,
  });
  await call(admin, 'POST', '/api/recurring', {
    kind: 'expense',
    partyId: 2,
    creditDebit: 'Credit',
    amount: 700,
    description: 'Fuel card',
    repeats: 'weekly',
    starts: '2026-11-02',
  });
  const due = (await call(staff, 'GET', '/api/recurring/due')).occurrences;
  expect(due.length).toBeGreaterThan(2);
  await call(staff, 'POST', '/api/recurring/post', {
    occurrences: due.map((o: { scheduleId: number; date: string }) => ({
      scheduleId: o.scheduleId,
      date: o.date,
    })),
  });
  await upload(
    '/api/imports',
    'sales.csv',
    'Date,Client,Amount\n2026-10-09,Acme Buyer,4500.00\n2026-10-10,Beta Buyer,700.00\n',
    {
      kind: 'income',
    },
  );
  await upload('/api/imports', 'more.csv', 'Date,Client,Amount\n2026-10-11,Beta Buyer,300.00\n', {
    kind: 'income',
  });
  const batches = (await call(staff, 'GET', '/api/batches?kind=import')).batches;
  await call(staff, 'POST', `/api/batches/${batches[0].id}/reverse`, { reason: 'wrong file' });
  await call(staff, 'POST', '/api/accounts/transfers', {
    fromAccountId: bank,
    toAccountId: 1,
    amount: 5000,
    date: '2026-10-12',
  });
  await call(admin, 'POST', '/api/ledger/vouchers', {
    date: '2026-10-13',
    description: 'Director loan into the bank',
    lines: [
      { accountId: await code('1002'), debit: 100000 },
      {
        accountId: (
          await call(admin, 'POST', '/api/ledger/accounts', {
            code: '2200',
            name: 'Director loan',
            type: 'Liability',
          })
        ).account.id,
        credit: 100000,
      },
    ],
  });
  await upload(
    `/api/accounts/${bank}/statements`,
    'statement.csv',
    'Date,Description,Amount\n2026-10-31,SERVICE CHARGES,-250.00\n',
    {},
  );
  const [line] = (await call(staff, 'GET', `/api/accounts/${bank}/reconcile`)).lines;
  await call(staff, 'POST', `/api/accounts/${bank}/lines/${line.id}/entry`, {
    kind: 'ledger',
    ledgerAccountId: await code('5100'),
  });
  await call(admin, 'PUT', '/api/journal/closed', { closedThrough: '2026-10-08' });
  // Backdated after the close, inside the open days.
  await income({ clientId: 3, amount: 999.99, Creditdebit: 'Debit', date: '2026-10-20' });
}

const cents = (value: number) => Math.round(value * 100);
const FROM = '2026-01-01';
const TO = '2026-12-01';

test('every entry and transfer has its lines, and every posting balances on both bases', async () => {
  expect(
    await rows(
      ctx,
      `SELECT count(*)::int AS n FROM entries e WHERE NOT EXISTS
      (SELECT 1 FROM ledger_lines l WHERE l.source = 'entry' AND l.source_id = e.id)`,
    ),
  ).toEqual([{ n: 0 }]);
  expect(
    await rows(
      ctx,
      `SELECT count(*)::int AS n FROM account_transfers t WHERE NOT EXISTS
      (SELECT 1 FROM ledger_lines l WHERE l.source = 'transfer' AND l.source_id = t.id)`,
    ),
  ).toEqual([{ n: 0 }]);
  expect(
    await rows(
      ctx,
      `SELECT source, source_id FROM ledger_lines GROUP BY source, source_id
      HAVING sum(debit - credit) FILTER (WHERE basis <> 'C') <> 0
          OR sum(debit - credit) FILTER (WHERE basis <> 'A') <> 0`,
    ),
  ).toEqual([]);
});

test('the trial balance balances, from the roll-ups and from the lines alike', async () => {
  const trial = await call(viewer, 'GET', `/api/ledger/trial-balance?date=${TO}`);
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const fromLines = await rows<{ code: string; balance: string }>(
    ctx,
    `SELECT a.code, sum(l.debit - l.credit)::text AS balance FROM ledger_lines l
     JOIN ledger_accounts a ON a.id = l.account_id WHERE l.basis <> 'C' AND l.line_date <= DATE '${TO}'
     GROUP BY a.code HAVING sum(l.debit - l.credit) <> 0 ORDER BY a.code`,
  );
  expect(
    trial.rows.map((r: { code: string; debit: number; credit: number }) => [
      r.code,
      cents(r.debit - r.credit),
    ]),
  ).toEqual(fromLines.map((r) => [r.code, cents(Number(r.balance))]));
  const sheet = await call(viewer, 'GET', `/api/ledger/balance-sheet?date=${TO}`);
  expect(cents(sheet.totals.assets)).toBe(cents(sheet.totals.liabilities + sheet.totals.equity));
});

test('receivables equal what the clients owe in the Clients vs Sales report', async () => {
  const clients = await call(viewer, 'GET', '/api/dashboard/getClientsVsSales');
  const owed = clients.reduce(
    (sum: number, c: { totalDebit: number; totalCredit: number }) =>
      sum + cents(c.totalDebit - c.totalCredit),
    0,
  );
  const trial = await call(viewer, 'GET', `/api/ledger/trial-balance?date=${TO}`);
  const receivable = trial.rows.find((r: { code: string }) => r.code === '1100');
  expect(cents(receivable.debit - receivable.credit)).toBe(owed);
});

test("each money account's ledger balance equals its balance and register", async () => {
  const accounts = (await call(viewer, 'GET', '/api/accounts')).accounts;
  const ledger = (await call(viewer, 'GET', '/api/ledger/accounts')).accounts;
  for (const account of accounts) {
    const register = await call(viewer, 'GET', `/api/accounts/${account.id}/register`);
    const mine = ledger.find((a: { name: string }) => a.name === account.name);
    expect([account.name, cents(mine.balance)]).toEqual([account.name, cents(account.balance)]);
    expect([account.name, cents(register.rows[0].balance)]).toEqual([
      account.name,
      cents(account.balance),
    ]);
  }
});

test('cash-basis sales and salaries equal the Finance report; each expense account its Expense Vs Type row', async () => {
  const pl = await call(viewer, 'GET', `/api/ledger/profit-loss?from=${FROM}&to=${TO}&basis=cash`);
  const finance = await call(viewer, 'GET', `/api/dashboard/finance?from=${FROM}&to=${TO}`);
  const figure = (list: { code: string; amount: number }[], wanted: string) =>
    cents(list.find((r) => r.code === wanted)?.amount ?? 0);
  expect(figure(pl.income, '4000')).toBe(cents(finance.income));
  expect(figure(pl.expenses, '5000')).toBe(cents(finance.salary));
  const byType = await call(
    viewer,
    'GET',
    `/api/dashboard/getExpenseVsType?startDate=${FROM}&endDate=${TO}`,
  );
  const types = await rows<{ code: string; id: number }>(
    ctx,
    'SELECT code, expense_type_id AS id FROM ledger_accounts WHERE expense_type_id IS NOT NULL',
  );
  let typed = 0;
  for (const type of types) {
    const row = byType.find((r: { expanceTypeId: number }) => r.expanceTypeId === Number(type.id));
    expect([type.code, figure(pl.expenses, type.code)]).toEqual([
      type.code,
      cents(row?.totalExpense ?? 0),
    ]);
    typed += figure(pl.expenses, type.code);
  }
  expect(typed).toBe(cents(finance.expense));
  // On the accrual basis, invoices are the sales.
  const accrual = await call(
    viewer,
    'GET',
    `/api/ledger/profit-loss?from=${FROM}&to=${TO}&basis=accrual`,
  );
  const invoiced = await rows<{ total: string }>(
    ctx,
    "SELECT sum(amount)::text AS total FROM entries WHERE kind = 'income' AND credit_debit = 'Debit'",
  );
  expect(figure(accrual.income, '4000')).toBe(cents(Number(invoiced[0]!.total)));
  expect(figure(accrual.expenses, '5100')).toBe(25000);
});
