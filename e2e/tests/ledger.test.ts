// The general ledger against the real API: an opening-capital voucher posted on the Vouchers
// screen, then the trial balance and the new account's general ledger, on the reports' remote,
// showing it with the API's totals. The statements' figures and their PDF and Excel files are
// checked by the API tests (api/test/ledger-statements.test.ts, ledger-documents.test.ts) and
// the screens' own tests. The books-closed day is cleared first, as the other files that record
// entries do.
import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signInAt } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, money, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

const stamp = Date.now().toString(36);
const EQUIPMENT = `Equipment ${stamp}`;
const CAPITAL = `Capital ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

interface TrialBalance {
  totals: { debit: number; credit: number };
}

let equipmentCode: string;
let equipmentId: number;
let capitalCode: string;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
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
  await signInAt(page, '/Vouchers');
});

afterAll(async () => {
  await browser?.close();
});

const cellsOf = async (text: string) => {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.first().waitFor();
  return row.first().locator('th, td').allTextContents();
};

test("a voucher posted on the Vouchers screen is in the trial balance and its account's general ledger", async () => {
  // beforeAll opened the page there, signed in.
  const form = page.getByRole('region', { name: 'Post a voucher' });
  await form.waitFor();
  await form.getByLabel('Description').fill(`Opening capital ${stamp}`);
  await form.getByLabel('Account, line 1').selectOption({ label: `${equipmentCode} ${EQUIPMENT}` });
  await form.getByLabel('Debit, line 1').fill('500,000');
  await form.getByLabel('Account, line 2').selectOption({ label: `${capitalCode} ${CAPITAL}` });
  await form.getByLabel('Credit, line 2').fill('500000');
  await form.getByRole('button', { name: 'Post' }).click();
  expect(await dialogCount(session.dialogs, 1)).toEqual(['Voucher posted']);
  await page
    .getByRole('row')
    .filter({ hasText: `Opening capital ${stamp}` })
    .waitFor();

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
    money(api.totals.debit),
    money(api.totals.credit),
  ]);

  await page.goto(`/GeneralLedger?accountId=${equipmentId}&from=${TODAY}&to=${TODAY}`);
  await page
    .getByRole('heading', { name: `General ledger: ${equipmentCode} ${EQUIPMENT}` })
    .waitFor();
  const balances = page.getByRole('status', { name: 'Balances' });
  await balances.waitFor();
  expect(await balances.textContent()).toBe(
    'Opening balance RS: 0.00Closing balance RS: 500,000.00',
  );
  expect(await cellsOf(`Opening capital ${stamp}`)).toEqual([
    TODAY,
    expect.stringMatching(/^Voucher #\d+$/) as unknown as string,
    `Opening capital ${stamp}`,
    '500,000.00',
    '0.00',
    '500,000.00',
  ]);
});
