// The ledger's downloads (issue 40): the trial balance, the balance sheet, profit and loss on
// both bases and an account's general ledger, as Excel (read back with exceljs, to the cent) and
// PDF (read back with pdftotext), for staff and viewers; bad queries refused with a message.
import { ledgerMessages as m } from 'contract';
import { hasTool, pdfToText } from './office-tools.js';
import { ledgerFiles } from './ledger-files.js';
import { bearer, requestAs, rows, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { ledgerAccountPeriod } from '../src/ledger/general-ledger.js';
import { linePages } from '../src/ledger/general-ledger-documents.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let cash: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  requestAs(ctx.app, token, method, url, payload);

async function ledgerAccount(code: string): Promise<number> {
  const { body } = await call(staff, 'GET', '/api/ledger/accounts');
  const account = body.accounts.find((a: { code: string }) => a.code === code);
  if (!account) throw new Error(`no account ${code}`);
  return account.id;
}

/**
 * March 2026: an invoice of 1,000.40, a payment of 600.15 into Cash, rent of 150.05, a salary of
 * 200.10; a bank account opened with 5,000.00 (the owner's capital); bank charges of 120.50
 * accrued by a voucher to a liability account.
 */
beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
  const made = [
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: '1000.40',
      Creditdebit: 'Debit',
      date: '2026-03-02',
    }),
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: '600.15',
      Creditdebit: 'Credit',
      date: '2026-03-05',
    }),
    await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: '150.05',
      Creditdebit: 'Credit',
      date: '2026-03-10',
    }),
    await call(staff, 'POST', '/api/expance/addsalery', {
      employeeId: 1,
      amount: '200.10',
      Creditdebit: 'Credit',
      date: '2026-03-12',
    }),
    await call(admin, 'POST', '/api/accounts', {
      name: 'HBL',
      kind: 'Bank',
      openingBalance: '5000.00',
      openingDate: '2026-01-01',
    }),
    await call(admin, 'POST', '/api/ledger/accounts', {
      code: '2200',
      name: 'Accrued rent',
      type: 'Liability',
    }),
  ];
  for (const answer of made) expect(answer.status).toBe(201);
  const voucher = await call(admin, 'POST', '/api/ledger/vouchers', {
    date: '2026-03-20',
    description: 'March bank charges accrued',
    lines: [
      { accountId: await ledgerAccount('5100'), debit: '120.50' },
      { accountId: await ledgerAccount('2200'), credit: '120.50' },
    ],
  });
  expect(voucher.status).toBe(201);
  await rows(ctx, 'SELECT fold_entry_rollups()');
  cash = await ledgerAccount('1001');
});
afterAll(() => db.close());

const { download, sheetRows, after } = ledgerFiles(() => ({ app: ctx.app, token: staff }));

describe('the Excel files', () => {
  test('the trial balance: a row per account with its debit or credit, and the totals', async () => {
    const url = '/api/ledger/trial-balance/excel?date=2026-03-31';
    const response = await download(url);
    expect(response.headers['content-disposition']).toContain('trial-balance.xlsx');
    for (const token of [staff, viewer]) {
      const { name, lines } = await sheetRows(url, 5, token);
      expect(name).toBe('Trial balance');
      expect(lines.map((line) => line[0])).toContain('Trial balance at 2026-03-31');
      expect(after(lines, 'Code')).toEqual([
        ['1001', 'Cash', 'Asset', 250, null],
        ['1002', 'HBL', 'Asset', 5000, null],
        ['1100', 'Accounts receivable', 'Asset', 400.25, null],
        ['2200', 'Accrued rent', 'Liability', null, 120.5],
        ['3000', "Owner's capital", 'Equity', null, 5000],
        ['4000', 'Sales', 'Income', null, 1000.4],
        ['5000', 'Salaries', 'Expense', 200.1, null],
        ['5100', 'Bank charges', 'Expense', 120.5, null],
        ['6001', 'Rent', 'Expense', 150.05, null],
        ['Totals', null, null, 6120.9, 6120.9],
      ]);
    }
  });

  test('the balance sheet: each section, its total, and liabilities and equity', async () => {
    const { name, lines } = await sheetRows(
      '/api/ledger/balance-sheet/excel?date=2026-03-31',
      4,
      viewer,
    );
    expect(name).toBe('Balance sheet');
    expect(lines.map((line) => line[0])).toEqual(
      expect.arrayContaining([
        'Balance sheet at 2026-03-31',
        'Profit for the year counted from 2025-07-01',
      ]),
    );
    expect(after(lines, 'Section')).toEqual([
      ['Assets', '1001', 'Cash', 250],
      ['Assets', '1002', 'HBL', 5000],
      ['Assets', '1100', 'Accounts receivable', 400.25],
      ['Liabilities', '2200', 'Accrued rent', 120.5],
      ['Equity', '3000', "Owner's capital", 5000],
      ['Equity', null, 'Profit for the year', 529.75],
      ['Total assets', null, null, 5650.25],
      ['Total liabilities', null, null, 120.5],
      ['Total equity', null, null, 5529.75],
      ['Liabilities and equity', null, null, 5650.25],
    ]);
  });

  test('profit and loss compared with the month before: the other period, the change and its percent', async () => {
    const { lines } = await sheetRows(
      '/api/ledger/profit-loss/excel?from=2026-03-01&to=2026-03-31&basis=accrual&compare=previous',
      7,
      viewer,
    );
    expect(lines.map((line) => line[0])).toContain(
      'Compared with 2026-02-01 to 2026-02-28 (Other period)',
    );
    expect(lines.find((line) => line[0] === 'Section')).toEqual([
      'Section',
      'Code',
      'Account',
      'Amount',
      'Other period',
      'Change',
      'Change %',
    ]);
    expect(after(lines, 'Section')).toEqual([
      ['Income', '4000', 'Sales', 1000.4, 0, 1000.4, null],
      ['Expenses', '5000', 'Salaries', 200.1, 0, 200.1, null],
      ['Expenses', '5100', 'Bank charges', 120.5, 0, 120.5, null],
      ['Expenses', '6001', 'Rent', 150.05, 0, 150.05, null],
      ['Total income', null, null, 1000.4, 0, 1000.4, null],
      ['Total expenses', null, null, 470.65, 0, 470.65, null],
      ['Profit', null, null, 529.75, 0, 529.75, null],
    ]);
  });

  test('profit and loss on the accrual basis, and on the cash basis as its JSON call', async () => {
    const { name, lines } = await sheetRows(
      '/api/ledger/profit-loss/excel?from=2026-03-01&to=2026-03-31&basis=accrual',
      4,
      viewer,
    );
    expect(name).toBe('Profit and loss');
    expect(lines.map((line) => line[0])).toContain(
      'Profit and loss (accrual basis), 2026-03-01 to 2026-03-31',
    );
    expect(after(lines, 'Section')).toEqual([
      ['Income', '4000', 'Sales', 1000.4],
      ['Expenses', '5000', 'Salaries', 200.1],
      ['Expenses', '5100', 'Bank charges', 120.5],
      ['Expenses', '6001', 'Rent', 150.05],
      ['Total income', null, null, 1000.4],
      ['Total expenses', null, null, 470.65],
      ['Profit', null, null, 529.75],
    ]);

    const cashBasis = await sheetRows(
      '/api/ledger/profit-loss/excel?from=2026-03-01&to=2026-03-31&basis=cash',
      4,
    );
    expect(cashBasis.lines.map((line) => line[0])).toContain(
      'Profit and loss (cash basis), 2026-03-01 to 2026-03-31',
    );
    const json = (
      await call(staff, 'GET', '/api/ledger/profit-loss?from=2026-03-01&to=2026-03-31&basis=cash')
    ).body;
    expect(json.income).toEqual([expect.objectContaining({ code: '4000', amount: 600.15 })]);
    const tail = after(cashBasis.lines, 'Section').slice(-3);
    expect(tail).toEqual([
      ['Total income', null, null, 600.15],
      ['Total expenses', null, null, json.totals.expenses],
      ['Profit', null, null, json.totals.profit],
    ]);
  });

  test("the general ledger: the opening balance, the period's lines with their running balance, the closing", async () => {
    const { name, lines } = await sheetRows(
      `/api/ledger/accounts/${cash}/lines/excel?from=2026-03-06&to=2026-03-31`,
      6,
      viewer,
    );
    expect(name).toBe('General ledger');
    expect(lines.map((line) => line[0])).toEqual(
      expect.arrayContaining([
        'General ledger of 1001 Cash, 2026-03-06 to 2026-03-31',
        'Account: 1001 Cash (Asset)',
      ]),
    );
    // The whole period: the file takes no page of it.
    expect(after(lines, 'Date')).toEqual([
      ['Opening balance', null, null, null, null, 600.15],
      ['2026-03-10', expect.stringMatching(/^Entry #\d+$/), 'Expense · Rent', null, 150.05, 450.1],
      ['2026-03-12', expect.stringMatching(/^Entry #\d+$/), 'Salary · Ali', null, 200.1, 250],
      ['Totals', null, null, 0, 350.15, null],
      ['Closing balance', null, null, null, null, 250],
    ]);
  });
});

const pdftotext = await hasTool('pdftotext', ['-v']);
(pdftotext ? describe : describe.skip)('the PDF files', () => {
  test('the trial balance and the balance sheet', async () => {
    for (const token of [staff, viewer]) {
      const trial = await pdfToText(
        (await download('/api/ledger/trial-balance/pdf?date=2026-03-31', token)).rawPayload,
      );
      expect(trial).toContain('Trial balance at 2026-03-31');
      expect(trial).toMatch(/1002\s+HBL\s+Asset\s+5,000\.00/);
      expect(trial).toMatch(/4000\s+Sales\s+Income\s+1,000\.40/);
      expect(trial).toMatch(/Totals\s+6,120\.90\s+6,120\.90/);
    }
    const sheet = await pdfToText(
      (await download('/api/ledger/balance-sheet/pdf?date=2026-03-31', viewer)).rawPayload,
    );
    expect(sheet).toContain('Balance sheet at 2026-03-31');
    expect(sheet).toMatch(/1100\s+Accounts receivable\s+400\.25/);
    expect(sheet).toMatch(/Total assets\s+5,650\.25/);
    expect(sheet).toMatch(/Total liabilities\s+120\.50/);
    expect(sheet).toMatch(/Profit for the year\s+529\.75/);
    expect(sheet).toMatch(/Total equity\s+5,529\.75/);
    expect(sheet).toMatch(/Liabilities and equity\s+5,650\.25/);
  });

  test('profit and loss names its basis; the general ledger lists the whole period', async () => {
    const accrual = await pdfToText(
      (
        await download(
          '/api/ledger/profit-loss/pdf?from=2026-03-01&to=2026-03-31&basis=accrual',
          viewer,
        )
      ).rawPayload,
    );
    expect(accrual).toContain('Profit and loss (accrual basis), 2026-03-01 to 2026-03-31');
    expect(accrual).toMatch(/Total income\s+1,000\.40/);
    expect(accrual).toMatch(/Total expenses\s+470\.65/);
    expect(accrual).toMatch(/Profit\s+529\.75/);
    const cashBasis = await pdfToText(
      (await download('/api/ledger/profit-loss/pdf?from=2026-03-01&to=2026-03-31&basis=cash'))
        .rawPayload,
    );
    expect(cashBasis).toContain('Profit and loss (cash basis)');
    expect(cashBasis).toMatch(/Total income\s+600\.15/);

    const ledger = await pdfToText(
      (
        await download(
          `/api/ledger/accounts/${cash}/lines/pdf?from=2026-03-01&to=2026-03-31`,
          viewer,
        )
      ).rawPayload,
    );
    expect(ledger).toContain('General ledger of 1001 Cash, 2026-03-01 to 2026-03-31');
    expect(ledger).toMatch(/Opening balance\s+0\.00/);
    expect(ledger).toMatch(/2026-03-05\s+Entry #\d+\s+Income · Acme Buyer\s+600\.15\s+600\.15/);
    expect(ledger).toMatch(/2026-03-10\s+Entry #\d+\s+Expense · Rent\s+150\.05\s+450\.10/);
    expect(ledger).toMatch(/2026-03-12\s+Entry #\d+\s+Salary · Ali\s+200\.10\s+250\.00/);
    expect(ledger).toMatch(/Totals\s+600\.15\s+350\.15/);
    expect(ledger).toMatch(/Closing balance\s+250\.00/);
  });
});

describe('the general ledger read in pages for its files', () => {
  test('the running balance carries on from one page to the next', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    const head = await ledgerAccountPeriod(ctx.database.db, cash, range);
    const pages: number[][] = [];
    for await (const page of linePages(ctx.database.db, head, range, 2))
      pages.push(page.map((row) => row.balance));
    expect(pages).toEqual([[600.15, 450.1], [250]]);
  });
});

describe('bad queries', () => {
  test.each([
    ['/api/ledger/trial-balance/excel?date=2026-02-30', 400],
    ['/api/ledger/trial-balance/pdf?date=yesterday', 400],
    ['/api/ledger/balance-sheet/excel?date=2026-13-01', 400],
    ['/api/ledger/balance-sheet/pdf?date=2026-02-30', 400],
    ['/api/ledger/profit-loss/excel?from=2026-03-01&to=2026-03-31&basis=both', 400],
    ['/api/ledger/profit-loss/pdf?from=2026-03-01', 400],
    ['/api/ledger/accounts/1/lines/excel?from=2026-03-01&to=2026-02-30', 400],
    ['/api/ledger/accounts/1/lines/pdf?from=2026-03-01&to=2026-03-31&limit=2', 400],
  ])('%s is refused with %i and a message', async (url, status) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  test.each([
    '/api/ledger/profit-loss/excel?from=2026-03-31&to=2026-03-01',
    '/api/ledger/profit-loss/pdf?from=2026-03-31&to=2026-03-01',
    '/api/ledger/accounts/1/lines/excel?from=2026-03-31&to=2026-03-01',
    '/api/ledger/accounts/1/lines/pdf?from=2026-03-31&to=2026-03-01',
  ])('%s: from after to is a 400 naming it', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.fromAfterTo);
  });

  test.each(['excel', 'pdf'])('an unknown account: the %s file is a 404', async (kind) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/ledger/accounts/9999/lines/${kind}?from=2026-03-01&to=2026-03-31`,
      headers: bearer(viewer),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(m.accountNotFound);
  });
});
