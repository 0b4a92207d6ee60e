// Month end against the real API: budgets set in Settings, expenses recorded past one of them
// (the form and the dashboard say so), this month compared with last on Expense Vs Type, the
// receivables aging and a client's ledger opened from it, last month closed from the checklist,
// and the month-end pack downloaded and read back. The books-closed day is cleared before and
// after, as the other files that move it do.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { dialogCount, downloaded, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

// Names unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const TRAVEL = `Travel ${stamp}`; // budget 100 a month: 60 + 70 this month takes it past
const PAPER = `Paper ${stamp}`; // budget 500 a month: 20 this month stays within
const CLIENT = `Owes ${stamp}`; // billed 500 last month, paid 200 today

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const TODAY = iso(now);
/** Last month: the one the checklist opens on and the one closed here. */
const LAST_MONTH = iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)).slice(0, 7);
const LAST_MONTH_10TH = `${LAST_MONTH}-10`;
const LAST_MONTH_15TH = `${LAST_MONTH}-15`;
const LAST_MONTH_END = iso(new Date(now.getFullYear(), now.getMonth(), 0));
const LAST_MONTH_NAME = new Date(now.getFullYear(), now.getMonth() - 1, 1).toLocaleString('en-US', {
  month: 'long',
  year: 'numeric',
});
/** The aging column of the invoice of the 10th of last month, as of today. */
const DAYS_OLD = Math.round(
  (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) -
    Date.UTC(now.getFullYear(), now.getMonth() - 1, 10)) /
    86_400_000,
);
const BUCKET = DAYS_OLD <= 30 ? 0 : DAYS_OLD <= 60 ? 1 : 2;

async function addExpenseType(name: string): Promise<number> {
  await call('POST', '/expance/addexpancetype', { expancetype: name });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const found = users.find((type) => type.expancetype === name);
  if (!found) throw new Error(`expense type ${name} was not listed`);
  return found.id;
}

let clientId: number;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const travel = await addExpenseType(TRAVEL);
  await addExpenseType(PAPER);
  clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `owes-${stamp}@e2e.local`,
      companyName: 'Owes Ltd',
    })
  ).user.id;
  // Last month's spending on Travel, for the comparison.
  await call('POST', '/expance/addexpance', {
    expanceTypeId: travel,
    expanceTypeName: TRAVEL,
    amount: 40,
    description: `last month ${stamp}`,
    Creditdebit: 'Credit',
    date: LAST_MONTH_15TH,
  });
  // An invoice (income Debit) of last month, partly paid (income Credit) today.
  const income = (amount: number, Creditdebit: string, date: string) =>
    call('POST', '/incoms/addIncome', {
      clientId,
      clientName: CLIENT,
      amount,
      description: `${Creditdebit} ${stamp}`,
      Creditdebit,
      date,
    });
  await income(500, 'Debit', LAST_MONTH_10TH);
  await income(200, 'Credit', TODAY);

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  // The other files record entries in last month: its close is undone for them.
  await call('PUT', '/journal/closed', { closedThrough: null });
  await browser.close();
});

beforeEach(() => {
  session.dialogs.length = 0;
});

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
/** The row's cells, once it is on screen (a table being asked again shows no rows meanwhile). */
const cells = async (text: string) => {
  await row(text).waitFor();
  return row(text).locator('th, td').allTextContents();
};

async function setBudget(type: string, amount: string) {
  await page.getByRole('button', { name: `Set budget of ${type}` }).click();
  const dialog = page.getByRole('dialog', { name: `Budget of ${type}` });
  await dialog.getByLabel('Monthly budget').fill(amount);
  await dialog.getByRole('button', { name: 'Save budget' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function recordExpense(type: string, amount: string) {
  await page.getByRole('option', { name: type }).waitFor({ state: 'attached' });
  await page.getByLabel('Expense Type').selectOption({ label: type });
  await page.getByLabel('Credit/Debit').selectOption('Credit');
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Add Expense' }).click();
}

async function download(button: string): Promise<{ name: string; file: string }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: saved.suggestedFilename(), file: await downloaded(saved) };
}

describe('Month end against the real API', () => {
  it('sets two budgets in Settings, Expenses', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Expenses' }).click();
    await setBudget(TRAVEL, '100');
    await setBudget(PAPER, '500');
    expect(await dialogCount(session.dialogs, 2)).toEqual(['Budget saved', 'Budget saved']);
    // The dialog closes as the list is read again: each row can show no budget for a moment.
    await row(TRAVEL).getByText('100.00', { exact: true }).waitFor();
    await row(PAPER).getByText('500.00', { exact: true }).waitFor();
    expect(await cells(TRAVEL)).toContain('100.00Set budget');
    expect(await cells(PAPER)).toContain('500.00Set budget');
  });

  it('shows the budget used on the Expances form and says when an entry takes a type past it', async () => {
    await page.goto('/Expances');
    await page.getByRole('heading', { name: 'Add Expense', level: 1 }).waitFor();
    await recordExpense(TRAVEL, '60');
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Expense Added Successfully']);
    await recordExpense(TRAVEL, '70');
    expect(await dialogCount(session.dialogs, 2)).toEqual([
      'Expense Added Successfully',
      'Expense Added Successfully\nThis expense takes the type past its budget for the month',
    ]);
    await recordExpense(PAPER, '20');
    expect(await dialogCount(session.dialogs, 3)).toHaveLength(3);
    expect(session.dialogs[2]).toBe('Expense Added Successfully');

    await page.getByLabel('Expense Type').selectOption({ label: TRAVEL });
    await page
      .getByText('Over budget. Budget this month: RS: 130.00 of RS: 100.00 used (130.00%).')
      .waitFor();
    await page.getByLabel('Expense Type').selectOption({ label: PAPER });
    await page.getByText('Budget this month: RS: 20.00 of RS: 500.00 used (4.00%).').waitFor();
  });

  it('lists the type over budget on the dashboard, beside Profit/Loss', async () => {
    await page.goto('/');
    const over = page.getByRole('region', { name: 'Over budget this month' });
    await over.getByRole('link', { name: TRAVEL }).waitFor();
    expect(await over.textContent()).toContain(
      `${TRAVEL}: RS: 130.00 of RS: 100.00 (130.00% used)`,
    );
    expect(await over.textContent()).not.toContain(PAPER);
    await page.getByRole('region', { name: 'Profit/Loss' }).waitFor();
  });

  it('compares this month with last on Expense Vs Type', async () => {
    await page.goto('/ExpenseVsTypeReport');
    await page.getByRole('heading', { name: 'Expense Vs Type', level: 1 }).waitFor();
    await row(TRAVEL).waitFor();
    await page.getByLabel('Compare with').selectOption({ label: 'Previous period' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('columnheader', { name: 'Previous period' }).waitFor();
    expect(new URL(page.url()).searchParams.get('compare')).toBe('previous');
    expect(await cells(TRAVEL)).toEqual([TRAVEL, '130.00', '40.00', '90.00', '225.00']);
    // Paper had nothing last month: no percent.
    expect(await cells(PAPER)).toEqual([PAPER, '20.00', '0.00', '20.00', '']);
    // Last month's figure opens the Journal on last month.
    await row(TRAVEL).getByRole('link', { name: '40.00' }).click();
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    const journal = new URL(page.url()).searchParams;
    expect(journal.get('from')).toBe(`${LAST_MONTH}-01`);
    expect(journal.get('to')).toBe(LAST_MONTH_END);
    await page.getByRole('cell', { name: `last month ${stamp}` }).waitFor();
    await page.goBack();
    await page.getByRole('columnheader', { name: 'Previous period' }).waitFor();
  });

  it('shows budget vs actual with the over-budget row marked in words', async () => {
    await page.goto('/BudgetReport');
    await page.getByRole('heading', { name: 'Budget vs actual', level: 1 }).waitFor();
    await row(TRAVEL).waitFor();
    expect(await cells(TRAVEL)).toEqual([
      `${TRAVEL} Over budget`,
      '100.00',
      '130.00',
      '-30.00',
      '130.00%',
    ]);
    expect(await cells(PAPER)).toEqual([PAPER, '500.00', '20.00', '480.00', '4.00%']);
  });

  it("opens the receivables aging and a client's ledger from it", async () => {
    await page.goto('/ReceivablesReport');
    await page.getByRole('heading', { name: 'Receivables', level: 1 }).waitFor();
    await row(CLIENT).waitFor();
    const buckets = ['0.00', '0.00', '0.00', '0.00'];
    buckets[BUCKET] = '300.00';
    expect(await cells(CLIENT)).toEqual([CLIENT, '300.00', ...buckets, LAST_MONTH_10TH]);
    for (const header of ['0–30 days', '31–60 days', '61–90 days', 'Over 90 days']) {
      await page.getByRole('columnheader', { name: header }).waitFor();
    }
    await page.getByRole('link', { name: CLIENT }).click();
    await page.getByRole('heading', { name: 'Client Ledger', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('clientId')).toBe(String(clientId));
    await page.getByRole('cell', { name: `Debit ${stamp}` }).waitFor();
    await page.getByRole('cell', { name: `Credit ${stamp}` }).waitFor();
  });

  it('closes last month from the checklist after a confirmation naming what is open', async () => {
    await page.goto('/MonthEnd');
    await page.getByRole('heading', { name: 'Month end', level: 1 }).waitFor();
    expect(await page.getByLabel('Month').inputValue()).toBe(LAST_MONTH);
    await page.getByText('Expenses without a receipt', { exact: false }).first().waitFor();
    const close = page.getByRole('button', { name: 'Close the month' });
    await expect(close.isEnabled()).resolves.toBe(true);
    await close.click();
    await dialogCount(session.dialogs, 2);
    expect(session.dialogs[0]).toMatch(new RegExp(`^Close ${LAST_MONTH_NAME}\\? `));
    // The last month's expense has no receipt: the confirmation names it.
    expect(session.dialogs[0]).toMatch(/Expenses without a receipt: [1-9]/);
    expect(session.dialogs[1]).toBe(`Month closed: books closed through ${LAST_MONTH_END}`);
    const closed = await call<{ closedThrough: string | null }>('GET', '/journal/closed');
    expect(closed.closedThrough).toBe(LAST_MONTH_END);
    await page.getByText(`Books closed through ${LAST_MONTH_END}.`).waitFor();
  });

  it('downloads the month-end pack as a PDF and a workbook and reads them back', async () => {
    await page.goto(`/MonthEnd?month=${LAST_MONTH}`);
    await page.getByRole('heading', { name: 'Month end', level: 1 }).waitFor();

    const pdf = await download('Download month-end pack (PDF)');
    expect(readFileSync(pdf.file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdf.file, '-'], { encoding: 'utf8' });
    for (const part of ['Finance', 'Expense Vs Type', 'Budget vs actual', 'Receivables aging'])
      expect(text).toContain(part);
    expect(text).toContain(TRAVEL);
    expect(text).toContain(CLIENT);
    expect(text).toContain('Expenses without a receipt');

    const xlsx = await download('Download month-end pack (Excel)');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Finance',
      'Expense Vs Type',
      'Budget vs actual',
      'Receivables aging',
      'Trial balance',
      'Balance sheet',
      'Reconciliation',
      'Still open',
    ]);
    const rowsOf = (name: string) => {
      const rows: unknown[][] = [];
      workbook.getWorksheet(name)?.eachRow((one) => {
        rows.push((one.values as unknown[]).slice(1));
      });
      return rows;
    };
    const travel = rowsOf('Budget vs actual').find((one) => one[0] === TRAVEL);
    // Last month: 40 of a budget of 100.
    expect(travel?.slice(1, 3)).toEqual([100, 40]);
    const owes = rowsOf('Receivables aging').find((one) => one[0] === CLIENT);
    // At the end of last month nothing was paid yet.
    expect(owes?.[1]).toBe(500);
  });
});
