// The journal, dated entries, reversals, the closed period and drill-down, in Chromium against
// the built product. Parties get names unique to this run; figures other files also move are
// checked as "before + what this file did".
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import {
  dialogCount,
  downloaded,
  expectTextsToSettle,
  launch,
  openPage,
  signIn,
} from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, cents, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const CLIENT = `Journal client ${stamp}`;
const TYPE = `Journal type ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
/** The 15th of last month, and the last day of the month before that. */
const LAST_MONTH = new Date(now.getFullYear(), now.getMonth() - 1, 15);
const LAST_MONTH_DAY = iso(LAST_MONTH);
const CLOSED_THROUGH = iso(new Date(now.getFullYear(), now.getMonth() - 1, 0));
const monthName = (month: number) =>
  new Date(2000, month - 1, 1).toLocaleString('en-US', { month: 'long' });
const money = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Finance {
  income: number;
  salary: number;
  expense: number;
}
interface JournalRow {
  id: number;
  date: string;
  amount: number;
  Creditdebit: string;
  partyName: string;
  reversesId: number | null;
  reversedById: number | null;
}

let clientId: number;
let typeId: number;

beforeAll(async () => {
  call = await apiAs();
  clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `journal-${stamp}@e2e.local`,
      companyName: 'Journal Ltd',
    })
  ).user.id;
  await call('POST', '/expance/addexpancetype', { expancetype: TYPE });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  typeId = users.find((type) => type.expancetype === TYPE)?.id ?? 0;
  browser = await launch();
});
afterAll(async () => {
  await call('PUT', '/journal/closed', { closedThrough: null });
  await browser?.close();
});

async function signedIn(): Promise<Session> {
  const session = await openPage(browser);
  await signIn(session.page);
  return session;
}

describe('journal', () => {
  it('an expense backdated to last month lands in last month of the yearly report, not in this month', async () => {
    const financeBefore = await call<Finance>('GET', '/dashboard/finance');
    const yearlyBefore = await call<Array<{ month: number; expense: number }>>(
      'GET',
      `/dashboard/yearly?year=${LAST_MONTH.getFullYear()}`,
    );
    const { page, context, dialogs } = await signedIn();
    await page.getByRole('link', { name: 'Expances' }).click();
    await page.getByLabel('Expense Type').selectOption({ label: TYPE });
    await page.getByLabel('Credit/Debit').selectOption('Credit');
    await page.getByLabel('Amount').fill('123.45');
    await page.getByLabel('Date').fill(LAST_MONTH_DAY);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    expect(await dialogCount(dialogs, 1)).toEqual(['Expense Added Successfully']);

    await page.goto(`/YearlyReportPage?year=${LAST_MONTH.getFullYear()}`);
    const month = LAST_MONTH.getMonth() + 1;
    const row = page.getByRole('row').filter({ hasText: monthName(month) });
    const before = yearlyBefore[month - 1]?.expense ?? 0;
    await row
      .getByRole('cell')
      .nth(3)
      .filter({ hasText: money((cents(before) + 12345) / 100) })
      .waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('region', { name: 'Total Expense' })
      .getByText(`RS: ${money(financeBefore.expense)}`)
      .waitFor();
    await context.close();
  });

  it('a month of the yearly report opens exactly that month in the journal', async () => {
    const { page, context } = await signedIn();
    const month = LAST_MONTH.getMonth() + 1;
    await page.goto(`/YearlyReportPage?year=${LAST_MONTH.getFullYear()}`);
    await page.getByRole('link', { name: monthName(month), exact: true }).click();
    await page.getByRole('heading', { name: 'Journal' }).waitFor();
    const from = iso(new Date(LAST_MONTH.getFullYear(), month - 1, 1));
    const to = iso(new Date(LAST_MONTH.getFullYear(), month, 0));
    expect(new URL(page.url()).search).toBe(`?from=${from}&to=${to}&Creditdebit=Credit`);
    const expected = await call<{ entries: JournalRow[] }>(
      'GET',
      `/journal?from=${from}&to=${to}&Creditdebit=Credit&limit=50`,
    );
    const table = page.getByRole('table', { name: 'Journal' });
    // The number's cell also holds the row's actions menu ("Actions for entry #…").
    await table
      .getByRole('cell', { name: new RegExp(`^#${expected.entries[0]?.id}(\\s|$)`) })
      .waitFor();
    const shown = await table.locator('tbody tr td:first-child').allTextContents();
    expect(shown).toEqual(expected.entries.map((row) => `#${row.id}`));
    for (const row of expected.entries) expect(row.date >= from && row.date <= to).toBe(true);
    await context.close();
  });

  it('reversing an income makes the dashboard, Clients Vs Sales, the ledger and the journal agree', async () => {
    const financeBefore = await call<Finance>('GET', '/dashboard/finance');
    await call('POST', '/incoms/addIncome', {
      clientId,
      amount: 500,
      Creditdebit: 'Debit',
      description: 'Invoice',
    });
    const paid = await call<{ entry: { id: number } }>('POST', '/incoms/addIncome', {
      clientId,
      amount: 200.2,
      Creditdebit: 'Credit',
      description: 'Paid to the wrong client',
    });
    const { page, context, dialogs } = await signedIn();
    await page.goto(`/Journal?kind=income&partyId=${clientId}`);
    // The row's actions are in its menu, beside its number.
    await page.getByRole('button', { name: `Actions for entry #${paid.entry.id}` }).click();
    await page.getByRole('button', { name: `Reverse entry #${paid.entry.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reverse entry #${paid.entry.id}` });
    await dialog.getByLabel('Reason').fill('Paid by another client');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    // The reason is the only question: no browser confirmation after it.
    expect(await dialogCount(dialogs, 1)).toEqual(['Entry reversed']);
    const table = page.getByRole('table', { name: 'Journal' });
    await table.getByText(`reversed by #${paid.entry.id + 1}`).waitFor();
    await table.getByText(`reverses #${paid.entry.id}`).waitFor();
    await page
      .getByRole('status', { name: 'Totals' })
      .getByText('3 entries match · Credit RS: 0.00 · Debit RS: 500.00')
      .waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('region', { name: 'Total Income' })
      .getByText(`RS: ${money(financeBefore.income)}`)
      .waitFor();

    await page.goto('/ClientsVsSales');
    const row = page.getByRole('row').filter({ hasText: CLIENT });
    await row.getByRole('cell', { name: '500.00' }).first().waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      CLIENT,
      '500.00',
      '0.00',
      '500.00',
    ]);
    await row.getByRole('link', { name: CLIENT }).click();
    await page.getByRole('heading', { name: 'Client Ledger' }).waitFor();
    const ledger = page.getByRole('table', { name: 'Client Ledger' });
    await ledger.getByText('Paid by another client').waitFor();
    const closing = await ledger.getByRole('row').last().allTextContents();
    expect(closing.join(' ')).toContain('500.00');
    await context.close();
  });

  it('a closed period refuses an entry with its message and stores nothing', async () => {
    await call('PUT', '/journal/closed', { closedThrough: CLOSED_THROUGH });
    const { page, context, dialogs } = await signedIn();
    await page.getByRole('link', { name: 'Expances' }).click();
    await page
      .getByText(
        `Books closed through ${CLOSED_THROUGH}: nothing dated on or before it is accepted.`,
      )
      .waitFor();
    await page.getByLabel('Expense Type').selectOption({ label: TYPE });
    await page.getByLabel('Credit/Debit').selectOption('Credit');
    await page.getByLabel('Amount').fill('9.99');
    await page.getByLabel('Date').fill(CLOSED_THROUGH);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    expect(await dialogCount(dialogs, 1)).toEqual([
      `date is in a closed period: the books are closed through ${CLOSED_THROUGH}`,
    ]);
    const stored = await call<{ count: number }>(
      'GET',
      `/journal/totals?kind=expense&partyId=${typeId}&minAmount=9.99&maxAmount=9.99`,
    );
    expect(stored.count).toBe(0);
    await call('PUT', '/journal/closed', { closedThrough: null });
    await context.close();
  });

  it('a filtered journal address opened in a new tab shows the same list, and its CSV holds exactly those rows', async () => {
    const { page, context } = await signedIn();
    await page.goto('/Journal');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Kind').selectOption('income');
    await page
      .getByLabel('Party', { exact: true })
      .selectOption({ label: `${CLIENT} (Journal Ltd)` });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/partyId=/);
    const table = page.getByRole('table', { name: 'Journal' });

    // A new tab has a session storage of its own: it signs in, then opens the address.
    const tab = await context.newPage();
    await signIn(tab);
    await tab.goto(page.url());
    const other = tab.getByRole('table', { name: 'Journal' });
    await other.getByText('Invoice').waitFor();
    const rows = await other.locator('tbody tr td:first-child').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((id) => /^#\d+$/.test(id))).toBe(true);
    // The first tab shows the same list once its filtered answer has arrived (it may still show
    // the unfiltered rows or "Loading..." for a moment after the address changed).
    await expectTextsToSettle(table.locator('tbody tr td:first-child'), rows);

    // Back returns to the unfiltered journal.
    await page.goBack();
    expect(new URL(page.url()).search).toBe('');

    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync(await downloaded(download), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      '\uFEFFid,date,kind,party,Creditdebit,amount,description,recorded by,recorded at,state,account',
    );
    expect(csv.slice(1, -2).map((line) => `#${line.split(',')[0]}`)).toEqual(rows);
    expect(csv[csv.length - 2]).toBe(`Totals,${rows.length} entries,,,Credit,0.00,Debit,500.00,,,`);
    await context.close();
  });

  it('a read-only viewer reads the journal without Reverse or Correct, and gets no entry form', async () => {
    const viewer = { email: `viewer-${stamp}@e2e.local`, password: 'viewer-password-1' };
    await call('POST', '/users/register', { name: `Viewer ${stamp}`, ...viewer, role: 'viewer' });
    const paid = await call<{ entry: { id: number } }>('POST', '/incoms/addIncome', {
      clientId,
      amount: 75,
      Creditdebit: 'Credit',
      description: 'Seen by the auditor',
    });
    const { page, context } = await openPage(browser);
    await signIn(page, viewer);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Journal' }).click();
    const table = page.getByRole('table', { name: 'Journal' });
    await table.getByRole('cell', { name: `#${paid.entry.id}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^(Reverse|Correct) entry/ }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Income' }).count()).toBe(0);

    await page.goto('/Income');
    await page.getByText('Your account can only view.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Income' }).count()).toBe(0);
    await context.close();
  });
});
