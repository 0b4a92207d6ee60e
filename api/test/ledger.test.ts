// The general ledger (issue 40): every entry posts balanced lines through the books' writer,
// the chart of accounts, vouchers, and the statements (trial balance, balance sheet, profit and
// loss on both bases, the general ledger), whose figures agree with the spec's reports.
import { ledgerMessages as m } from 'contract';
import { requestAs, rows, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

beforeEach(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
});
afterAll(() => db.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  requestAs(ctx.app, token, method, url, payload);

const fold = () => rows(ctx, 'SELECT fold_entry_rollups()');

async function ledgerAccount(code: string): Promise<number> {
  const { body } = await call(staff, 'GET', '/api/ledger/accounts');
  const account = body.accounts.find((a: { code: string }) => a.code === code);
  if (!account) throw new Error(`no account ${code}`);
  return account.id;
}

/** An invoice of 1,000, a payment of 600 into Cash, rent of 150, a salary of 200 (all 2026-03-10). */
async function dayOfBooks() {
  const day = '2026-03-10';
  const made = [
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 1000,
      Creditdebit: 'Debit',
      date: day,
    }),
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: '600.00',
      Creditdebit: 'Credit',
      date: day,
    }),
    await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 150,
      Creditdebit: 'Credit',
      date: day,
    }),
    await call(staff, 'POST', '/api/expance/addsalery', {
      employeeId: 1,
      amount: 200,
      Creditdebit: 'Credit',
      date: day,
    }),
  ];
  for (const answer of made) expect(answer.status).toBe(201);
  return made.map((answer) => answer.body.entry.id as number);
}

const linesOf = (source: string, id: number) =>
  rows(
    ctx,
    `SELECT a.code, l.debit::text AS debit, l.credit::text AS credit, l.basis
     FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
     WHERE l.source = '${source}' AND l.source_id = ${id} ORDER BY l.id`,
  );

describe('the chart of accounts', () => {
  test('a fresh office starts with Cash, the standard accounts and one account per expense type', async () => {
    const { status, body } = await call(viewer, 'GET', '/api/ledger/accounts');
    expect(status).toBe(200);
    expect(
      body.accounts.map((a: { code: string; name: string; type: string }) => [
        a.code,
        a.name,
        a.type,
      ]),
    ).toEqual([
      ['1001', 'Cash', 'Asset'],
      ['1100', 'Accounts receivable', 'Asset'],
      ['2100', 'Salaries payable', 'Liability'],
      ['3000', "Owner's capital", 'Equity'],
      ['3100', 'Retained earnings', 'Equity'],
      ['4000', 'Sales', 'Income'],
      ['4100', 'Other income', 'Income'],
      ['5000', 'Salaries', 'Expense'],
      ['5100', 'Bank charges', 'Expense'],
      ['6001', 'Rent', 'Expense'],
      ['6002', 'Fuel', 'Expense'],
      ['6003', 'Old', 'Expense'],
    ]);
    expect(body.accounts.find((a: { code: string }) => a.code === '6003').closed).toBe(true);
  });

  test('a money account and an expense type bring their accounts, renamed and suspended with them', async () => {
    const bank = await call(admin, 'POST', '/api/accounts', {
      name: 'HBL',
      kind: 'Bank',
      openingBalance: '5000.00',
      openingDate: '2026-01-01',
    });
    expect(bank.status).toBe(201);
    const type = await call(admin, 'POST', '/api/expance/addexpancetype', {
      expancetype: 'Internet',
    });
    expect(type.status).toBe(201);
    const { body } = await call(staff, 'GET', '/api/ledger/accounts');
    const hbl = body.accounts.find((a: { name: string }) => a.name === 'HBL');
    expect(hbl).toMatchObject({
      code: '1002',
      type: 'Asset',
      origin: 'money account',
      balance: 5000,
      hasPostings: true,
    });
    expect(body.accounts.find((a: { name: string }) => a.name === 'Internet')).toMatchObject({
      code: '6004',
      origin: 'expense type',
      closed: false,
    });
    // The opening balance is the owner's capital.
    expect(body.accounts.find((a: { code: string }) => a.code === '3000').balance).toBe(5000);
    // Renaming the money account renames its ledger account; its own name cannot be changed here.
    await call(admin, 'PUT', `/api/accounts/${bank.body.account.id}`, {
      name: 'HBL Current',
      kind: 'Bank',
      openingBalance: '5000.00',
      openingDate: '2026-01-01',
    });
    expect(
      (await call(staff, 'GET', '/api/ledger/accounts')).body.accounts.some(
        (a: { name: string }) => a.name === 'HBL Current',
      ),
    ).toBe(true);
    const kept = await call(admin, 'PUT', `/api/ledger/accounts/${hbl.id}`, {
      code: '1002',
      name: 'Other',
      type: 'Asset',
    });
    expect(kept).toMatchObject({ status: 409, body: { message: m.keptAccount } });
  });

  test('admins add, rename, nest and close accounts; staff and viewers are refused; codes are unique', async () => {
    const body = { code: '2200', name: 'Loan from director', type: 'Liability' };
    expect((await call(staff, 'POST', '/api/ledger/accounts', body)).status).toBe(403);
    expect((await call(viewer, 'POST', '/api/ledger/accounts', body)).status).toBe(403);
    const added = await call(admin, 'POST', '/api/ledger/accounts', body);
    expect(added).toMatchObject({
      status: 201,
      body: { message: m.accountAdded, account: { code: '2200', origin: 'added', balance: 0 } },
    });
    expect(
      (await call(admin, 'POST', '/api/ledger/accounts', { ...body, name: 'Again' })).body.message,
    ).toBe(m.codeTaken);
    const payable = await ledgerAccount('2100');
    const child = await call(admin, 'POST', '/api/ledger/accounts', {
      code: '2110',
      name: 'Bonus payable',
      type: 'Liability',
      parentId: payable,
    });
    expect(child.body.account.parentId).toBe(payable);
    expect(
      (
        await call(admin, 'POST', '/api/ledger/accounts', {
          code: '2120',
          name: 'X',
          type: 'Asset',
          parentId: payable,
        })
      ).body.message,
    ).toBe(m.parentTypeDiffers);
    expect(
      (
        await call(admin, 'PUT', `/api/ledger/accounts/${payable}`, {
          code: '2100',
          name: 'Salaries payable',
          type: 'Liability',
          parentId: child.body.account.id,
        })
      ).body.message,
    ).toBe(m.parentLoop);
    const closed = await call(admin, 'PUT', `/api/ledger/accounts/${added.body.account.id}`, {
      ...body,
      name: 'Director loan',
      closed: true,
    });
    expect(closed.body.account).toMatchObject({ name: 'Director loan', closed: true });
    expect(
      (
        await call(admin, 'PUT', `/api/ledger/accounts/${await ledgerAccount('4000')}`, {
          code: '4000',
          name: 'Sales',
          type: 'Income',
          closed: true,
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/ledger/accounts', { code: '', name: 'x', type: 'Asset' }))
        .status,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', '/api/ledger/accounts', { code: '9', name: 'x', type: 'Cash' }))
        .status,
    ).toBe(400);
    const audited = await rows(
      ctx,
      "SELECT action FROM audit_log WHERE entity = 'ledger_account' ORDER BY id",
    );
    expect(audited.map((r) => r.action)).toEqual(['create', 'create', 'update']);
  });
});

describe('posting', () => {
  test('each kind of entry posts its balanced lines; a reversal posts the opposite lines', async () => {
    const [invoice, payment, rent, salary] = await dayOfBooks();
    expect(await linesOf('entry', invoice!)).toEqual([
      { code: '1100', debit: '1000.00', credit: '0.00', basis: 'A' },
      { code: '4000', debit: '0.00', credit: '1000.00', basis: 'A' },
    ]);
    expect(await linesOf('entry', payment!)).toEqual([
      { code: '1001', debit: '600.00', credit: '0.00', basis: 'B' },
      { code: '1100', debit: '0.00', credit: '600.00', basis: 'A' },
      { code: '4000', debit: '0.00', credit: '600.00', basis: 'C' },
    ]);
    expect(await linesOf('entry', rent!)).toEqual([
      { code: '6001', debit: '150.00', credit: '0.00', basis: 'B' },
      { code: '1001', debit: '0.00', credit: '150.00', basis: 'B' },
    ]);
    expect(await linesOf('entry', salary!)).toEqual([
      { code: '5000', debit: '200.00', credit: '0.00', basis: 'B' },
      { code: '1001', debit: '0.00', credit: '200.00', basis: 'B' },
    ]);
    const reversed = await call(staff, 'POST', `/api/journal/${rent}/reverse`, {
      reason: 'wrong type',
    });
    expect(reversed.status).toBe(201);
    expect(await linesOf('entry', reversed.body.entry.id)).toEqual([
      { code: '6001', debit: '0.00', credit: '150.00', basis: 'B' },
      { code: '1001', debit: '150.00', credit: '0.00', basis: 'B' },
    ]);
  });

  test('a transfer posts to both money accounts; the database refuses lines that do not balance', async () => {
    const bank = (
      await call(admin, 'POST', '/api/accounts', {
        name: 'HBL',
        kind: 'Bank',
        openingBalance: 0,
        openingDate: '2026-01-01',
      })
    ).body.account.id;
    const moved = await call(staff, 'POST', '/api/accounts/transfers', {
      fromAccountId: 1,
      toAccountId: bank,
      amount: 300,
      date: '2026-03-11',
    });
    expect(moved.status).toBe(201);
    expect(await linesOf('transfer', moved.body.transfer.id)).toEqual([
      { code: '1002', debit: '300.00', credit: '0.00', basis: 'B' },
      { code: '1001', debit: '0.00', credit: '300.00', basis: 'B' },
    ]);
    await expect(
      rows(
        ctx,
        `INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit) VALUES ('voucher', 99, DATE '2026-03-11', ${await ledgerAccount('1001')}, 5)`,
      ),
    ).rejects.toThrow(/do not balance/);
    await expect(rows(ctx, 'UPDATE ledger_lines SET debit = debit + 1')).rejects.toThrow(
      /immutable/,
    );
  });
});

describe('vouchers', () => {
  test('admins post balanced vouchers; unbalanced, closed-period and staff or viewer vouchers are refused; a reversal mirrors it', async () => {
    const capital = await ledgerAccount('3000');
    const loan = (
      await call(admin, 'POST', '/api/ledger/accounts', {
        code: '2200',
        name: 'Director loan',
        type: 'Liability',
      })
    ).body.account.id;
    const body = {
      date: '2026-03-01',
      description: 'Loan turned into capital',
      lines: [
        { accountId: loan, debit: 50000 },
        { accountId: capital, credit: '50000.00' },
      ],
    };
    expect((await call(staff, 'POST', '/api/ledger/vouchers', body)).status).toBe(403);
    expect((await call(viewer, 'POST', '/api/ledger/vouchers', body)).status).toBe(403);
    const unbalanced = await call(admin, 'POST', '/api/ledger/vouchers', {
      ...body,
      lines: [
        { accountId: loan, debit: 50000 },
        { accountId: capital, credit: 49999.5 },
      ],
    });
    expect(unbalanced).toMatchObject({
      status: 400,
      body: { message: 'Debits and credits must be equal: they differ by RS 0.50' },
    });
    expect(
      (
        await call(admin, 'POST', '/api/ledger/vouchers', {
          ...body,
          lines: [
            { accountId: loan, debit: 1, credit: 1 },
            { accountId: capital, credit: 1 },
          ],
        })
      ).body.message,
    ).toBe(m.voucherLineSide);
    expect(
      (
        await call(admin, 'POST', '/api/ledger/vouchers', {
          ...body,
          lines: [
            { accountId: await ledgerAccount('4000'), debit: 1 },
            { accountId: capital, credit: 1 },
          ],
        })
      ).body.message,
    ).toBe(m.booksOwnAccount('4000'));
    expect(
      (
        await call(admin, 'POST', '/api/ledger/vouchers', {
          ...body,
          lines: [
            { accountId: 9999, debit: 1 },
            { accountId: capital, credit: 1 },
          ],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(admin, 'POST', '/api/ledger/vouchers', {
          ...body,
          lines: [{ accountId: loan, debit: 1 }],
        })
      ).status,
    ).toBe(400);
    const posted = await call(admin, 'POST', '/api/ledger/vouchers', body);
    expect(posted).toMatchObject({
      status: 201,
      body: {
        message: m.voucherPosted,
        voucher: {
          date: '2026-03-01',
          lines: [
            { code: '2200', debit: 50000, credit: 0 },
            { code: '3000', debit: 0, credit: 50000 },
          ],
        },
      },
    });
    const id = posted.body.voucher.id;
    expect(
      (await call(staff, 'POST', `/api/ledger/vouchers/${id}/reverse`, { reason: 'x' })).status,
    ).toBe(403);
    const reversal = await call(admin, 'POST', `/api/ledger/vouchers/${id}/reverse`, {
      reason: 'Not agreed',
    });
    expect(reversal.body.voucher).toMatchObject({
      reversesId: id,
      description: 'Not agreed',
      lines: [
        { code: '2200', debit: 0, credit: 50000 },
        { code: '3000', debit: 50000, credit: 0 },
      ],
    });
    expect(
      (await call(admin, 'POST', `/api/ledger/vouchers/${id}/reverse`, { reason: 'again' })).body
        .message,
    ).toBe(m.voucherAlreadyReversed);
    expect(
      (
        await call(admin, 'POST', `/api/ledger/vouchers/${reversal.body.voucher.id}/reverse`, {
          reason: 'again',
        })
      ).body.message,
    ).toBe(m.voucherReversalNotReversible);
    const list = await call(viewer, 'GET', '/api/ledger/vouchers');
    expect(
      list.body.vouchers.map((v: { id: number; reversedById: number | null }) => [
        v.id,
        v.reversedById,
      ]),
    ).toEqual([
      [reversal.body.voucher.id, null],
      [id, reversal.body.voucher.id],
    ]);
    expect(
      (await call(admin, 'PUT', '/api/journal/closed', { closedThrough: '2026-03-31' })).status,
    ).toBe(200);
    const closed = await call(admin, 'POST', '/api/ledger/vouchers', body);
    expect(closed.status).toBe(409);
    const audited = await rows(
      ctx,
      "SELECT action FROM audit_log WHERE entity = 'voucher' ORDER BY id",
    );
    expect(audited.map((r) => r.action)).toEqual(['create', 'reverse']);
  });
});

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
