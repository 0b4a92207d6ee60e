// The general ledger (issue 40): the chart of accounts, every entry posting balanced lines
// through the books' writer, and vouchers. The statements are in ledger-statements.test.ts.
import { ledgerMessages as m } from 'contract';
import { rows, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { ledgerHelpers } from './ledger-support.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
});
afterAll(() => db.close());

const { call, ledgerAccount, dayOfBooks, linesOf } = ledgerHelpers(() => ({ ctx, staff }));

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
