// The journal in Chromium against the built product: an income reversed from the Journal's row
// menu, after which the dashboard, Clients Vs Sales, the client's ledger and the journal agree;
// then the filtered journal's address opened in a new tab and its CSV downloaded and read back.
// Parties get names unique to this run; figures other files also move are checked as "before +
// what this file did".
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import {
  dialogCount,
  downloaded,
  expectTextsToSettle,
  launch,
  openPage,
  signIn,
  signInAt,
} from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, money, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const CLIENT = `Journal client ${stamp}`;

interface Finance {
  income: number;
  salary: number;
  expense: number;
}

let clientId: number;

beforeAll(async () => {
  call = await apiAs();
  clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `journal-${stamp}@e2e.local`,
      companyName: 'Journal Ltd',
    })
  ).user.id;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(): Promise<Session> {
  const session = await openPage(browser);
  await signIn(session.page);
  return session;
}

describe('journal', () => {
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

    // A new tab has a session storage of its own: it signs in, opening the address.
    const tab = await context.newPage();
    await signInAt(tab, page.url());
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
});
