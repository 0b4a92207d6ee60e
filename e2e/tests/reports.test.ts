// A report's CSV crossing the real browser: a client's entries recorded through the API, the
// Client Ledger opened for them and its Export CSV saved by Chromium and read back. What each
// report totals is checked by the API tests (api/test/reports.test.ts) and the screens' own
// tests beside them. Entries are dated by the server, so they all fall on today.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { downloaded, launch, openPage, signInAt } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let page: Page;
let call: ApiCall;

// A name unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const BILLED = `Billed ${stamp}`; // billed 1000 and 250.25, paid 400.10

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

beforeAll(async () => {
  call = await apiAs();
  const billed = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: BILLED,
      email: `billed-${stamp}@e2e.local`,
      companyName: 'Billed Ltd',
    })
  ).user.id;
  // In order: the ledger lists entries of one day by their order of entry.
  for (const [amount, Creditdebit] of [
    [1000, 'Debit'],
    [400.1, 'Credit'],
    [250.25, 'Debit'],
  ] as const)
    await call('POST', '/incoms/addIncome', {
      clientId: billed,
      clientName: BILLED,
      amount,
      description: `${Creditdebit} ${amount}`,
      Creditdebit,
    });

  browser = await launch();
  page = (await openPage(browser)).page;
  await signInAt(page, '/ClientLedgerPage');
});
afterAll(() => browser?.close());

describe('Reports against the real API', () => {
  it('Client Ledger exports as a CSV file what it shows of the client chosen', async () => {
    // beforeAll opened the page there, signed in.
    await page.getByRole('heading', { name: 'Client Ledger', level: 1 }).waitFor();
    await page
      .getByLabel('Client', { exact: true })
      .selectOption({ label: `${BILLED} (Billed Ltd)` });
    await page.getByRole('button', { name: 'Get Ledger' }).click();
    await page.getByRole('row').filter({ hasText: 'Closing totals' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('client-ledger.csv');
    expect(readFileSync(await downloaded(download), 'utf8').replace(/^\uFEFF/, '')).toBe(
      'Date,Client,Description,Debit,Credit,Balance\r\n' +
        'Opening balance,,,,,0.00\r\n' +
        `${TODAY},${BILLED},Debit 1000,1000.00,,1000.00\r\n` +
        `${TODAY},${BILLED},Credit 400.1,,400.10,599.90\r\n` +
        `${TODAY},${BILLED},Debit 250.25,250.25,,850.15\r\n` +
        'Closing totals,,,1250.25,400.10,850.15\r\n',
    );
  });
});
