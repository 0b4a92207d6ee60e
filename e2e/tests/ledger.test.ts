// The general ledger against the real API: an invoice, a payment, an expense and a salary
// recorded through the API, an opening-capital voucher posted on the Vouchers screen (held back
// while unbalanced), then the trial balance, the balance sheet and profit and loss on both bases
// opened in the browser, their figures read against the API's and the entries' amounts. Other
// files post to the same books, so the statements are compared as they stand and the profit and
// loss by what this file adds to it. The books-closed day is cleared first, as the other files
// that record entries do. The chart of accounts and the new account's general ledger show the
// voucher too. Each statement is downloaded from its screen as a PDF and as an Excel file, read
// back (pdftotext, exceljs) and held to the API's title and totals.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { dialogCount, downloaded, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { addExpenseType, apiAs, cents, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

const stamp = Date.now().toString(36);
const CLIENT = `Ledger client ${stamp}`;
const EMPLOYEE = `Ledger clerk ${stamp}`;
const TYPE = `Ledger rent ${stamp}`;
const EQUIPMENT = `Equipment ${stamp}`;
const CAPITAL = `Capital ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** An amount as the screens show it: 1,234.50. */
const shown = (amount: number | string) =>
  Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface ProfitLoss {
  totals: { income: number; expenses: number; profit: number };
}
interface TrialBalance {
  totals: { debit: number; credit: number };
}
interface BalanceSheet {
  totals: { assets: number; liabilities: number; equity: number };
}

const profitLoss = (basis: 'accrual' | 'cash') =>
  call<ProfitLoss>('GET', `/ledger/profit-loss?from=${TODAY}&to=${TODAY}&basis=${basis}`);

let before: Record<'accrual' | 'cash', ProfitLoss>;
let equipmentCode: string;
let equipmentId: number;
let capitalCode: string;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  before = { accrual: await profitLoss('accrual'), cash: await profitLoss('cash') };
  const clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `ledger-${stamp}@e2e.local`,
      companyName: 'Ledger Ltd',
    })
  ).user.id;
  const employeeId = (
    await call<{ user: { id: number } }>('POST', '/employees/addEmployee', {
      name: EMPLOYEE,
      email: `ledger-employee-${stamp}@e2e.local`,
      number: '0301',
    })
  ).user.id;
  const typeId = await addExpenseType(call, TYPE);
  // An invoice of 10,000, 6,000 of it paid, rent of 1,500 and a salary of 2,500, all today.
  for (const [amount, Creditdebit] of [
    [10000, 'Debit'],
    [6000, 'Credit'],
  ] as const)
    await call('POST', '/incoms/addIncome', {
      clientId,
      clientName: CLIENT,
      amount,
      description: `${Creditdebit} ${stamp}`,
      Creditdebit,
      date: TODAY,
    });
  await call('POST', '/expance/addexpance', {
    expanceTypeId: typeId,
    expanceTypeName: TYPE,
    amount: 1500,
    description: `Rent ${stamp}`,
    Creditdebit: 'Credit',
    date: TODAY,
  });
  await call('POST', '/expance/addsalery', {
    employeeId,
    employeeName: EMPLOYEE,
    amount: 2500,
    description: `Salary ${stamp}`,
    Creditdebit: 'Credit',
    date: TODAY,
  });
  // The accounts of the opening capital, added to the chart for this run.
  equipmentCode = `EQ-${stamp}`;
  capitalCode = `CAP-${stamp}`;
  equipmentId = (
    await call<{ account: { id: number } }>('POST', '/ledger/accounts', {
      code: equipmentCode,
      name: EQUIPMENT,
      type: 'Asset',
    })
  ).account.id;
  await call('POST', '/ledger/accounts', { code: capitalCode, name: CAPITAL, type: 'Equity' });

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

const cellsOf = async (text: string) => {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.first().waitFor();
  return row.first().locator('th, td').allTextContents();
};

test('an opening-capital voucher is held back until balanced, then posted', async () => {
  await page.goto('/Vouchers');
  const form = page.getByRole('region', { name: 'Post a voucher' });
  await form.waitFor();
  await form.getByLabel('Description').fill(`Opening capital ${stamp}`);
  await form.getByLabel('Account, line 1').selectOption({ label: `${equipmentCode} ${EQUIPMENT}` });
  await form.getByLabel('Debit, line 1').fill('500,000');
  await form.getByLabel('Account, line 2').selectOption({ label: `${capitalCode} ${CAPITAL}` });
  await form.getByLabel('Credit, line 2').fill('400000');
  const totals = page.getByRole('status', { name: 'Voucher totals' });
  await expect(totals.textContent()).resolves.toContain('Difference RS: 100,000.00');
  const post = form.getByRole('button', { name: 'Post' });
  expect(await post.isDisabled()).toBe(true);
  await form.getByLabel('Credit, line 2').fill('500000');
  await expect(totals.textContent()).resolves.toContain(
    'Debits RS: 500,000.00Credits RS: 500,000.00Difference RS: 0.00',
  );
  await post.click();
  expect(await dialogCount(session.dialogs, 1)).toEqual(['Voucher posted']);
  expect(await cellsOf(`Opening capital ${stamp}`)).toEqual([
    expect.stringMatching(/^#\d+$/) as unknown as string,
    TODAY,
    `Opening capital ${stamp}`,
    `${equipmentCode} ${EQUIPMENT}: Debit 500,000.00${capitalCode} ${CAPITAL}: Credit 500,000.00`,
    '500,000.00',
    'Posted',
    'Reverse',
  ]);
});

test('the trial balance balances, with the voucher in it', async () => {
  const api = await call<TrialBalance>('GET', `/ledger/trial-balance?date=${TODAY}`);
  expect(api.totals.debit).toEqual(api.totals.credit);
  await page.goto('/TrialBalance');
  await page.getByRole('heading', { name: 'Trial balance' }).waitFor();
  expect(await cellsOf(EQUIPMENT)).toEqual([
    equipmentCode,
    EQUIPMENT,
    'Asset',
    '500,000.00',
    '0.00',
  ]);
  expect(await cellsOf(CAPITAL)).toEqual([capitalCode, CAPITAL, 'Equity', '0.00', '500,000.00']);
  const total = page.locator('tfoot tr').first();
  await total.waitFor();
  expect(await total.locator('th, td').allTextContents()).toEqual([
    'Total',
    '',
    '',
    shown(api.totals.debit),
    shown(api.totals.credit),
  ]);
});

test('the balance sheet: assets equal liabilities and equity', async () => {
  const api = await call<BalanceSheet>('GET', `/ledger/balance-sheet?date=${TODAY}`);
  expect(cents(api.totals.assets)).toBe(cents(api.totals.liabilities) + cents(api.totals.equity));
  await page.goto('/BalanceSheet');
  const summary = page.getByRole('status', { name: 'Balance sheet totals' });
  await summary.waitFor();
  expect(await summary.textContent()).toBe(
    `Total assets RS: ${shown(api.totals.assets)}` +
      `Total liabilities and equity RS: ${shown(api.totals.assets)}`,
  );
  expect(await cellsOf(EQUIPMENT)).toEqual([equipmentCode, EQUIPMENT, '500,000.00']);
  expect(await cellsOf(CAPITAL)).toEqual([capitalCode, CAPITAL, '500,000.00']);
});

test('profit and loss: the invoice on the accrual basis, the payment on the cash basis', async () => {
  const accrual = await profitLoss('accrual');
  const cash = await profitLoss('cash');
  // What this file's entries add to the day's figures, in cents.
  const added = (after: ProfitLoss, basis: 'accrual' | 'cash') => ({
    income: cents(after.totals.income) - cents(before[basis].totals.income),
    expenses: cents(after.totals.expenses) - cents(before[basis].totals.expenses),
  });
  expect(added(accrual, 'accrual')).toEqual({ income: cents(10000), expenses: cents(4000) });
  expect(added(cash, 'cash')).toEqual({ income: cents(6000), expenses: cents(4000) });

  await page.goto(`/ProfitLoss?from=${TODAY}&to=${TODAY}`);
  await page.getByRole('heading', { name: 'Profit and loss (accrual basis)' }).waitFor();
  const summary = page.getByRole('status', { name: 'Profit and loss totals' });
  await summary.waitFor();
  const text = (pl: ProfitLoss) =>
    `Income RS: ${shown(pl.totals.income)}Expenses RS: ${shown(pl.totals.expenses)}` +
    `Profit RS: ${shown(pl.totals.profit)}`;
  expect(await summary.textContent()).toBe(text(accrual));
  expect((await cellsOf(TYPE)).slice(1)).toEqual([TYPE, '1,500.00']);

  await page.getByLabel('Basis').selectOption('cash');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('heading', { name: 'Profit and loss (cash basis)' }).waitFor();
  await page.waitForFunction(
    ([name, expected]) =>
      document.querySelector(`[aria-label="${name}"]`)?.textContent === expected,
    ['Profit and loss totals', text(cash)] as const,
  );
  expect(await summary.textContent()).toBe(text(cash));
});

test("the chart of accounts shows the voucher's accounts, and the general ledger its line", async () => {
  await page.goto('/ChartOfAccounts');
  await page.getByRole('heading', { name: 'Chart of accounts', level: 1 }).waitFor();
  expect((await cellsOf(EQUIPMENT)).slice(0, 5)).toEqual([
    equipmentCode,
    EQUIPMENT,
    'Added',
    '500,000.00',
    'Open',
  ]);
  expect((await cellsOf(TYPE)).slice(1, 3)).toEqual([TYPE, 'Expense type']);

  await page.goto(`/GeneralLedger?accountId=${equipmentId}&from=${TODAY}&to=${TODAY}`);
  await page
    .getByRole('heading', { name: `General ledger: ${equipmentCode} ${EQUIPMENT}` })
    .waitFor();
  const balances = page.getByRole('status', { name: 'Balances' });
  await balances.waitFor();
  expect(await balances.textContent()).toBe(
    'Opening balance RS: 0.00Closing balance RS: 500,000.00',
  );
  const line = await cellsOf(`Opening capital ${stamp}`);
  expect(line).toEqual([
    TODAY,
    expect.stringMatching(/^Voucher #\d+$/) as unknown as string,
    `Opening capital ${stamp}`,
    '500,000.00',
    '0.00',
    '500,000.00',
  ]);
});

/** Clicks a Download button of the screen and answers the file's name and where it was saved. */
async function download(button: 'Download PDF' | 'Download Excel') {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: saved.suggestedFilename(), file: await downloaded(saved) };
}

/** The text of a downloaded PDF, as laid out on its pages. */
function pdfText(file: string): string {
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A line of the PDF: its texts (amounts as printed) in order, apart by spaces only. */
const printedLine = (...parts: string[]) =>
  new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ ]+'));

/** The rows of a downloaded workbook's one sheet, each as its cells' values from the first. */
async function sheetRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets).toHaveLength(1);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The cells of the sheet's row whose first cell is `label`. */
const rowOf = (rows: unknown[][], label: string) => rows.find((row) => row[0] === label);

describe("each statement downloads as a PDF and an Excel file with the API's title and totals", () => {
  test('trial balance', async () => {
    const api = await call<TrialBalance>('GET', `/ledger/trial-balance?date=${TODAY}`);
    const title = `Trial balance at ${TODAY}`;
    await page.goto(`/TrialBalance?date=${TODAY}`);
    await cellsOf(EQUIPMENT);

    const pdf = await download('Download PDF');
    expect(pdf.name).toBe('trial-balance.pdf');
    const text = pdfText(pdf.file);
    expect(text).toContain(title);
    expect(text).toMatch(printedLine('Totals', shown(api.totals.debit), shown(api.totals.credit)));
    expect(text).toMatch(printedLine(EQUIPMENT, 'Asset', '500,000.00'));

    const excel = await download('Download Excel');
    expect(excel.name).toBe('trial-balance.xlsx');
    const rows = await sheetRows(excel.file);
    expect(rows.some((row) => row.includes(title))).toBe(true);
    expect(rowOf(rows, 'Totals')?.slice(3, 5)).toEqual([
      Number(api.totals.debit),
      Number(api.totals.credit),
    ]);
    expect(rowOf(rows, equipmentCode)?.slice(0, 4)).toEqual([
      equipmentCode,
      EQUIPMENT,
      'Asset',
      500000,
    ]);
  });

  test('balance sheet', async () => {
    const api = await call<BalanceSheet>('GET', `/ledger/balance-sheet?date=${TODAY}`);
    const title = `Balance sheet at ${TODAY}`;
    await page.goto(`/BalanceSheet?date=${TODAY}`);
    await cellsOf(EQUIPMENT);
    const totals: Array<[string, number]> = [
      ['Total assets', Number(api.totals.assets)],
      ['Total liabilities', Number(api.totals.liabilities)],
      ['Total equity', Number(api.totals.equity)],
      ['Liabilities and equity', Number(api.totals.assets)],
    ];

    const pdf = await download('Download PDF');
    expect(pdf.name).toBe('balance-sheet.pdf');
    const text = pdfText(pdf.file);
    expect(text).toContain(title);
    for (const [label, amount] of totals) expect(text).toMatch(printedLine(label, shown(amount)));

    const excel = await download('Download Excel');
    expect(excel.name).toBe('balance-sheet.xlsx');
    const rows = await sheetRows(excel.file);
    expect(rows.some((row) => row.includes(title))).toBe(true);
    for (const [label, amount] of totals) expect(rowOf(rows, label)?.[3]).toBe(amount);
    expect(rows.find((row) => row[1] === equipmentCode)).toEqual([
      'Assets',
      equipmentCode,
      EQUIPMENT,
      500000,
    ]);
  });

  test('profit and loss', async () => {
    const api = await profitLoss('accrual');
    const title = `Profit and loss (accrual basis), ${TODAY} to ${TODAY}`;
    await page.goto(`/ProfitLoss?from=${TODAY}&to=${TODAY}`);
    await page.getByRole('heading', { name: 'Profit and loss (accrual basis)' }).waitFor();
    await cellsOf(TYPE);
    const totals: Array<[string, number]> = [
      ['Total income', Number(api.totals.income)],
      ['Total expenses', Number(api.totals.expenses)],
      ['Profit', Number(api.totals.profit)],
    ];

    const pdf = await download('Download PDF');
    expect(pdf.name).toBe('profit-and-loss.pdf');
    const text = pdfText(pdf.file);
    expect(text).toContain(title);
    for (const [label, amount] of totals) expect(text).toMatch(printedLine(label, shown(amount)));

    const excel = await download('Download Excel');
    expect(excel.name).toBe('profit-and-loss.xlsx');
    const rows = await sheetRows(excel.file);
    expect(rows.some((row) => row.includes(title))).toBe(true);
    for (const [label, amount] of totals) expect(rowOf(rows, label)?.[3]).toBe(amount);

    // The files follow the basis on the screen.
    const cash = await profitLoss('cash');
    await page.getByLabel('Basis').selectOption('cash');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('heading', { name: 'Profit and loss (cash basis)' }).waitFor();
    const cashText = pdfText((await download('Download PDF')).file);
    expect(cashText).toContain(`Profit and loss (cash basis), ${TODAY} to ${TODAY}`);
    expect(cashText).toMatch(printedLine('Total income', shown(cash.totals.income)));
  });
});
