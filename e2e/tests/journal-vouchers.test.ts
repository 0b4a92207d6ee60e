// Vouchers in the Journal against the real API: a voucher an admin posted is a row of the
// Journal (kind Voucher, its accounts, its total debit, the vouchers' sum in the totals), its
// Lines open its lines, and its Reverse (an admin's) reverses it with a reason: the voucher shows
// reversed and its reversal beside it with the opposite amount.
import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

const stamp = Date.now().toString(36);
const VAN = `Van ${stamp}`;
const LOAN = `Director loan ${stamp}`;
const DESCRIPTION = `Van bought on loan ${stamp}`;
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

let voucherId: number;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const account = async (code: string, name: string, type: string) =>
    (await call<{ account: { id: number } }>('POST', '/ledger/accounts', { code, name, type }))
      .account.id;
  const van = await account(`VAN-${stamp}`, VAN, 'Asset');
  const loan = await account(`LOAN-${stamp}`, LOAN, 'Liability');
  voucherId = (
    await call<{ voucher: { id: number } }>('POST', '/ledger/vouchers', {
      date: TODAY,
      description: DESCRIPTION,
      lines: [
        { accountId: van, debit: 1250000 },
        { accountId: loan, credit: '1250000.00' },
      ],
    })
  ).voucher.id;
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

/** The text of each cell of the Journal's rows that hold `text`, row by row. */
const rowsWith = async (text: string) => {
  const rows = page
    .getByRole('table', { name: 'Journal' })
    .getByRole('row')
    .filter({ hasText: text });
  await rows.first().waitFor();
  return Promise.all((await rows.all()).map((row) => row.locator('td').allTextContents()));
};

/** Waits until the totals line reads `text` (it is asked for beside the page). */
const totalsRead = (text: string) =>
  page.getByRole('status', { name: 'Totals' }).filter({ hasText: text }).waitFor();

test('a voucher is a row of the Journal, of kind Voucher, with its lines a click away', async () => {
  await page.goto(`/Journal?kind=voucher&q=${stamp}`);
  const [cells] = await rowsWith(DESCRIPTION);
  expect(cells?.[0]).toBe(`#${voucherId}`);
  // (an Account column shows when other files have added money accounts)
  expect(cells).toEqual(
    expect.arrayContaining(['Voucher', `${VAN}, ${LOAN}`, '1,250,000.00', 'Lines']),
  );
  await totalsRead(
    '1 entry matches · Credit RS: 0.00 · Debit RS: 0.00 · Vouchers RS: 1,250,000.00',
  );
  await page.getByRole('button', { name: `Lines of voucher #${voucherId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Voucher #${voucherId}` });
  const lines = dialog.getByRole('table', { name: `Lines of voucher #${voucherId}` });
  await lines.waitFor();
  expect(await lines.getByRole('row').allTextContents()).toEqual([
    'AccountDebitCredit',
    `VAN-${stamp} ${VAN}1,250,000.00`,
    `LOAN-${stamp} ${LOAN}1,250,000.00`,
  ]);
  await dialog.getByRole('link', { name: 'Open Vouchers' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('an admin reverses it from the Journal: it shows reversed, its reversal beside it', async () => {
  await page.getByRole('button', { name: `Actions for voucher #${voucherId}` }).click();
  await page.getByRole('button', { name: `Reverse voucher #${voucherId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse voucher #${voucherId}` });
  await dialog.getByLabel('Reason').fill(`Bought in cash ${stamp}`);
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  expect(await dialogCount(session.dialogs, 1)).toEqual(['Voucher reversed']);
  const [reversal] = await rowsWith(`Bought in cash ${stamp}`);
  const reversalNumber = reversal?.[0] ?? '';
  expect(reversalNumber).toMatch(/^#\d+$/);
  expect(reversal).toEqual(
    expect.arrayContaining(['Voucher', '-1,250,000.00', `reverses #${voucherId}`]),
  );
  const [original] = await rowsWith(DESCRIPTION);
  expect(original).toEqual(expect.arrayContaining([`reversed by ${reversalNumber}`]));
  // The pair cancels; neither can be reversed again.
  await totalsRead('2 entries match · Credit RS: 0.00 · Debit RS: 0.00 · Vouchers RS: 0.00');
  expect(await page.getByRole('button', { name: /^Reverse voucher/ }).count()).toBe(0);
});
