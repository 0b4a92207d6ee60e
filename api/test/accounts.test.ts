// Money accounts (issue 33): the list with balances, admins' create and update with one default,
// entries carrying their account, the journal's account filter and column; transfers and the
// register.
import ExcelJS from 'exceljs';
import { accountMessages as am } from 'contract';
import {
  bearer,
  requestAs,
  rows,
  setupDatabase,
  signInAll,
  uploadBody,
  type TestContext,
} from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let today: string;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
  today = todayIn(ctx.config.timeZone);
});
afterAll(() => db.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => requestAs(ctx.app, token, method, url, payload);

const refusal = (status: number, message: string) => ({
  status,
  body: expect.objectContaining({ message }),
});

const BANK = {
  name: 'Main bank',
  kind: 'Bank',
  bankName: 'HBL',
  last4: '1234',
  openingBalance: '1000.50',
  openingDate: '2026-01-01',
};

async function addBank(body: object = BANK): Promise<number> {
  const { status, body: answer } = await call(admin, 'POST', '/api/accounts', body);
  expect(status).toBe(201);
  return answer.account.id as number;
}

describe('accounts', () => {
  test('a fresh database has one account, Cash, the default', async () => {
    const { status, body } = await call(viewer, 'GET', '/api/accounts');
    expect(status).toBe(200);
    expect(body.accounts).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Cash',
        kind: 'Cash',
        isDefault: true,
        balance: 0,
        reconciledThrough: null,
      }),
    ]);
  });

  test('entries written before accounts existed and without an account belong to Cash; invoices to none', async () => {
    await insertEntries(ctx, [
      { kind: 'income', party: 1, amount: '500.00', cd: 'Credit', day: '2026-01-05' },
      { kind: 'income', party: 1, amount: '900.00', cd: 'Debit', day: '2026-01-04' },
      { kind: 'expense', party: 1, amount: '120.25', day: '2026-01-06' },
    ]);
    const stored = await rows<{ credit_debit: string; account_id: number | null }>(
      ctx,
      'SELECT credit_debit, account_id FROM entries ORDER BY id',
    );
    expect(stored).toEqual([
      { credit_debit: 'Credit', account_id: 1 },
      { credit_debit: 'Debit', account_id: null },
      { credit_debit: 'Credit', account_id: 1 },
    ]);
    const { body } = await call(staff, 'GET', '/api/accounts');
    expect(body.accounts[0].balance).toBe(379.75);
  });

  test('admins add an account; staff and viewers are refused', async () => {
    expect((await call(staff, 'POST', '/api/accounts', BANK)).status).toBe(403);
    expect((await call(viewer, 'POST', '/api/accounts', BANK)).status).toBe(403);
    const { status, body } = await call(admin, 'POST', '/api/accounts', BANK);
    expect(status).toBe(201);
    expect(body).toEqual({
      message: am.accountCreated,
      account: expect.objectContaining({
        name: 'Main bank',
        kind: 'Bank',
        bankName: 'HBL',
        last4: '1234',
        openingBalance: 1000.5,
        openingDate: '2026-01-01',
        isDefault: false,
        balance: 1000.5,
        reconcileOverdue: true,
      }),
    });
    const audit = await rows(ctx, `SELECT action, entity FROM audit_log WHERE entity = 'account'`);
    expect(audit).toEqual([{ action: 'create', entity: 'account' }]);
  });

  test('bad input is a clear 400 and a taken name a 409; nothing is stored', async () => {
    expect((await call(admin, 'POST', '/api/accounts', { ...BANK, last4: '12a4' })).status).toBe(
      400,
    );
    expect(
      (await call(admin, 'POST', '/api/accounts', { ...BANK, openingBalance: '1.234' })).status,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', '/api/accounts', { ...BANK, openingDate: '2026-02-30' })).status,
    ).toBe(400);
    const taken = await call(admin, 'POST', '/api/accounts', { ...BANK, name: 'cash' });
    expect(taken).toEqual(refusal(409, am.accountNameTaken));
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM accounts')).toEqual([{ n: 1 }]);
  });

  test('exactly one default: a new default replaces the old; the default cannot be unset', async () => {
    const id = await addBank({ ...BANK, isDefault: true });
    const { body } = await call(staff, 'GET', '/api/accounts');
    expect(
      body.accounts.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault]),
    ).toEqual([
      [id, true],
      [1, false],
    ]);
    const refused = await call(admin, 'PUT', `/api/accounts/${id}`, { ...BANK, isDefault: false });
    expect(refused).toEqual(refusal(409, am.defaultRequired));
    const renamed = await call(admin, 'PUT', `/api/accounts/${id}`, {
      ...BANK,
      name: 'HBL current',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account).toMatchObject({ name: 'HBL current', isDefault: true });
    expect((await call(admin, 'PUT', '/api/accounts/999', BANK)).status).toBe(404);
    expect((await call(staff, 'PUT', `/api/accounts/${id}`, BANK)).status).toBe(403);
  });

  test("the forms' entries take an account, the default when left out; an invoice takes none", async () => {
    const bank = await addBank();
    const received = await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: '250.00',
      description: 'paid',
      Creditdebit: 'Credit',
      accountId: bank,
    });
    expect(received.status).toBe(201);
    expect(received.body.entry.accountId).toBe(bank);
    const paid = await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 40,
      description: 'rent',
      Creditdebit: 'Credit',
    });
    expect(paid.body.entry.accountId).toBe(1);
    const salary = await call(staff, 'POST', '/api/expance/addsalery', {
      employeeId: 1,
      amount: 10,
      Creditdebit: 'Credit',
      accountId: bank,
    });
    expect(salary.body.entry.accountId).toBe(bank);
    const invoice = await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 99,
      Creditdebit: 'Debit',
    });
    expect(invoice.body.entry.accountId).toBeNull();
    const refused = await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 99,
      Creditdebit: 'Debit',
      accountId: bank,
    });
    expect(refused).toEqual(refusal(400, am.invoiceNoAccount));
    const missing = await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 99,
      Creditdebit: 'Credit',
      accountId: 999,
    });
    expect(missing).toEqual(refusal(404, am.accountNotFound));
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM entries')).toEqual([{ n: 4 }]);

    const { body } = await call(viewer, 'GET', '/api/accounts');
    const balances = Object.fromEntries(
      body.accounts.map((a: { id: number; balance: number }) => [a.id, a.balance]),
    );
    expect(balances).toEqual({ 1: -40, [bank]: 1000.5 + 250 - 10 });
  });

  test("a reversal stays in its entry's account and cancels it", async () => {
    const bank = await addBank();
    const { body } = await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 70,
      Creditdebit: 'Credit',
      accountId: bank,
    });
    const reversed = await call(staff, 'POST', `/api/journal/${body.entry.id}/reverse`, {
      reason: 'twice',
    });
    expect(reversed.status).toBe(201);
    expect(reversed.body.entry.accountId).toBe(bank);
    const list = await call(staff, 'GET', '/api/accounts');
    expect(list.body.accounts.find((a: { id: number }) => a.id === bank).balance).toBe(1000.5);
  });

  test('the journal filters by account and shows it; its CSV and Excel carry it', async () => {
    const bank = await addBank();
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 70,
      Creditdebit: 'Credit',
      accountId: bank,
    });
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 2,
      amount: 30,
      Creditdebit: 'Credit',
    });
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 2,
      amount: 5,
      Creditdebit: 'Debit',
    });
    const all = await call(viewer, 'GET', '/api/journal');
    expect(
      all.body.entries.map((e: { amount: number; accountName: string | null }) => [
        e.amount,
        e.accountName,
      ]),
    ).toEqual([
      [5, null],
      [30, 'Cash'],
      [70, 'Main bank'],
    ]);
    const mine = await call(viewer, 'GET', `/api/journal?accountId=${bank}`);
    expect(mine.body.entries.map((e: { amount: number }) => e.amount)).toEqual([70]);
    const totals = await call(viewer, 'GET', `/api/journal/totals?accountId=${bank}`);
    expect(totals.body).toEqual({ count: 1, credit: 70, debit: 0 });

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/journal/csv',
      headers: bearer(viewer),
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,date,kind,party,Creditdebit,amount,description,recorded by,recorded at,state,account',
    );
    expect(lines[1]?.endsWith(',')).toBe(true);
    expect(lines[2]?.endsWith(',Cash')).toBe(true);
    expect(lines[3]?.endsWith(',Main bank')).toBe(true);
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `/api/journal/csv?accountId=${bank}`,
      headers: bearer(viewer),
    });
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(3);

    const excel = await ctx.app.inject({
      method: 'GET',
      url: '/api/journal/excel',
      headers: bearer(viewer),
    });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const header = values.findIndex((row) => row[0] === 'id');
    expect(values[header]?.[10]).toBe('account');
    expect(values.slice(header + 1, header + 4).map((row) => row[10] ?? '')).toEqual([
      '',
      'Cash',
      'Main bank',
    ]);
  });

  test('payroll and repeating entries pay from the account given, the default without one', async () => {
    const bank = await addBank();
    const lastMonth = (() => {
      const [y, m] = today.split('-').map(Number) as [number, number];
      return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    })();
    const payroll = await call(admin, 'POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: 1, amount: 300 }],
      accountId: bank,
    });
    expect(payroll.status).toBe(201);
    const schedule = await call(staff, 'POST', '/api/recurring', {
      kind: 'expense',
      partyId: 1,
      creditDebit: 'Credit',
      amount: 20,
      repeats: 'monthly',
      starts: today,
      accountId: bank,
    });
    expect(schedule.status).toBe(201);
    expect(schedule.body.schedule.accountId).toBe(bank);
    const posted = await call(staff, 'POST', '/api/recurring/post', {
      occurrences: [{ scheduleId: schedule.body.schedule.id, date: today }],
    });
    expect(posted.status).toBe(201);
    const stored = await rows(
      ctx,
      'SELECT kind, amount::text AS amount, account_id FROM entries ORDER BY id',
    );
    expect(stored).toEqual([
      { kind: 'salary', amount: '300.00', account_id: bank },
      { kind: 'expense', amount: '20.00', account_id: bank },
    ]);
    const invoiceSchedule = await call(staff, 'POST', '/api/recurring', {
      kind: 'income',
      partyId: 1,
      creditDebit: 'Debit',
      amount: 20,
      repeats: 'monthly',
      starts: today,
      accountId: bank,
    });
    expect(invoiceSchedule).toEqual(refusal(400, am.invoiceNoAccount));
  });
});

describe('transfers and the register', () => {
  test('a transfer moves money between two accounts, changes no report, and is reversed, never edited', async () => {
    const bank = await addBank();
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 500,
      Creditdebit: 'Credit',
      date: '2026-01-10',
    });
    const before = await call(staff, 'GET', '/api/dashboard/totals');
    expect(
      (
        await call(viewer, 'POST', '/api/accounts/transfers', {
          fromAccountId: 1,
          toAccountId: bank,
          amount: 1,
          date: today,
        })
      ).status,
    ).toBe(403);
    expect(
      await call(staff, 'POST', '/api/accounts/transfers', {
        fromAccountId: bank,
        toAccountId: bank,
        amount: 1,
        date: today,
      }),
    ).toEqual(refusal(400, am.transferSameAccount));
    expect(
      await call(staff, 'POST', '/api/accounts/transfers', {
        fromAccountId: 1,
        toAccountId: 77,
        amount: 1,
        date: today,
      }),
    ).toEqual(refusal(404, am.accountNotFound));
    expect(
      (
        await call(staff, 'POST', '/api/accounts/transfers', {
          fromAccountId: 1,
          toAccountId: bank,
          amount: 0,
          date: today,
        })
      ).status,
    ).toBe(400);

    const made = await call(staff, 'POST', '/api/accounts/transfers', {
      fromAccountId: 1,
      toAccountId: bank,
      amount: '300.25',
      date: '2026-01-11',
      description: 'Cash deposited',
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      message: am.transferSaved,
      transfer: expect.objectContaining({
        fromAccountId: 1,
        toAccountId: bank,
        amount: 300.25,
        date: '2026-01-11',
        reversesId: null,
      }),
    });
    const balances = async () =>
      Object.fromEntries(
        (await call(staff, 'GET', '/api/accounts')).body.accounts.map(
          (a: { id: number; balance: number }) => [a.id, a.balance],
        ),
      );
    expect(await balances()).toEqual({ 1: 199.75, [bank]: 1300.75 });
    expect((await call(staff, 'GET', '/api/dashboard/totals')).body).toEqual(before.body);

    const id = made.body.transfer.id as number;
    const reversed = await call(staff, 'POST', `/api/accounts/transfers/${id}/reverse`, {
      reason: 'wrong account',
    });
    expect(reversed.status).toBe(201);
    expect(reversed.body.transfer).toMatchObject({
      amount: -300.25,
      reversesId: id,
      description: 'wrong account',
    });
    expect(await balances()).toEqual({ 1: 500, [bank]: 1000.5 });
    expect(
      await call(staff, 'POST', `/api/accounts/transfers/${id}/reverse`, { reason: 'again' }),
    ).toEqual(refusal(409, am.transferAlreadyReversed));
    expect(
      await call(staff, 'POST', `/api/accounts/transfers/${reversed.body.transfer.id}/reverse`, {
        reason: 'x',
      }),
    ).toEqual(refusal(409, am.transferReversalNotReversible));
    await expect(
      rows(ctx, `UPDATE account_transfers SET amount = 1 WHERE id = ${id}`),
    ).rejects.toThrow(/immutable/);
    const audit = await rows(
      ctx,
      `SELECT action FROM audit_log WHERE entity = 'transfer' ORDER BY id`,
    );
    expect(audit).toEqual([{ action: 'create' }, { action: 'reverse' }]);
  });

  test('a transfer in the closed period is refused', async () => {
    const bank = await addBank();
    await rows(ctx, `UPDATE books SET closed_through = '2026-01-31'`);
    const refused = await call(staff, 'POST', '/api/accounts/transfers', {
      fromAccountId: 1,
      toAccountId: bank,
      amount: 5,
      date: '2026-01-15',
    });
    expect(refused.status).toBe(409);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM account_transfers')).toEqual([{ n: 0 }]);
  });

  test('the register lists movements newest first with a running balance, page by page', async () => {
    const bank = await addBank({ ...BANK, openingBalance: 100 });
    const days = ['2026-01-02', '2026-01-03', '2026-01-03', '2026-01-05', '2026-01-06'];
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 50,
      Creditdebit: 'Credit',
      date: days[0],
      accountId: bank,
    });
    await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 20,
      Creditdebit: 'Credit',
      date: days[1],
      accountId: bank,
    });
    await call(staff, 'POST', '/api/accounts/transfers', {
      fromAccountId: bank,
      toAccountId: 1,
      amount: 10,
      date: days[2],
    });
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 999,
      Creditdebit: 'Debit',
      date: days[3],
    });
    await call(staff, 'POST', '/api/accounts/transfers', {
      fromAccountId: 1,
      toAccountId: bank,
      amount: 5.5,
      date: days[4],
    });
    await call(staff, 'POST', '/api/expance/addsalery', {
      employeeId: 1,
      amount: 1,
      Creditdebit: 'Credit',
      date: days[4],
      accountId: 1,
    });

    const seen: { date: string; name: string; amount: number; balance: number }[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = after ? `?limit=2&after=${after}` : '?limit=2';
      const page = await call(viewer, 'GET', `/api/accounts/${bank}/register${query}`);
      expect(page.status).toBe(200);
      if (pages === 0) expect(page.body.balance).toBe(125.5);
      seen.push(
        ...page.body.rows.map(
          (r: { date: string; name: string; amount: number; balance: number }) => ({
            date: r.date,
            name: r.name,
            amount: r.amount,
            balance: r.balance,
          }),
        ),
      );
      after = page.body.next;
      pages += 1;
    } while (after);
    expect(seen).toEqual([
      { date: '2026-01-06', name: 'From Cash', amount: 5.5, balance: 125.5 },
      { date: '2026-01-03', name: 'To Cash', amount: -10, balance: 120 },
      { date: '2026-01-03', name: 'Rent', amount: -20, balance: 130 },
      { date: '2026-01-02', name: 'Acme Buyer', amount: 50, balance: 150 },
    ]);
    expect(pages).toBe(2);
    expect((await call(viewer, 'GET', '/api/accounts/999/register')).status).toBe(404);
    expect(
      (await call(viewer, 'GET', `/api/accounts/${bank}/register?after=nonsense`)).status,
    ).toBe(400);
  });

  test('an import of entries names its account; the default without one', async () => {
    const bank = await addBank();
    const BOUNDARY = '----accounts-import';
    const send = (options: object, day = '2026-01-05') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/imports',
        headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: uploadBody(
          BOUNDARY,
          'bank.csv',
          Buffer.from(
            `Date,Client,Credit/Debit,Amount\n${day},Acme Buyer,Credit,10\n2026-01-06,Acme Buyer,Debit,7\n`,
          ),
          options,
        ),
      });
    expect((await send({ kind: 'income', accountId: bank })).statusCode).toBe(201);
    expect(await rows(ctx, 'SELECT credit_debit, account_id FROM entries ORDER BY id')).toEqual([
      { credit_debit: 'Credit', account_id: bank },
      { credit_debit: 'Debit', account_id: null },
    ]);
    expect((await send({ kind: 'income', accountId: 999 }, '2026-01-07')).statusCode).toBe(404);
  });
});
