// A bank charge booked from a statement line to a ledger account (issue 40) in Chromium: a new
// bank account and a statement with a service charge of 350.00 put in through the API, the
// line's Create on the Reconcile screen booked to "5100 Bank charges" (no party, proposed from
// the line's text), the line gone from the worklist, and the trial balance moved by the charge:
// Bank charges up by 350, the bank's own account down by 350, still in balance. Other files post to the same books, so the
// trial balance is compared before and after.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, type Session, signIn } from '../support/browser';
import { apiAs, cents, importStatement, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;
let accountId: number;

const stamp = Date.now().toString(36);
const ACCOUNT = `Charges bank ${stamp}`;
const CHARGE = `SERVICE CHARGES ${stamp}`;
const BANK_CHARGES = '5100 Bank charges';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const TODAY = iso(now);
const OPENED = iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 10));

interface TrialBalance {
  rows: Array<{ code: string; name: string; debit: number; credit: number }>;
  totals: { debit: number; credit: number };
}

const trialBalance = () => call<TrialBalance>('GET', `/ledger/trial-balance?date=${TODAY}`);

/** An account's balance in the trial balance, debit less credit, in cents (0 when not listed). */
const balanceOf = (report: TrialBalance, match: (row: TrialBalance['rows'][number]) => boolean) => {
  const row = report.rows.find(match);
  return row ? cents(row.debit) - cents(row.credit) : 0;
};
const bankCharges = (report: TrialBalance) =>
  balanceOf(report, (row) => `${row.code} ${row.name}` === BANK_CHARGES);
const bank = (report: TrialBalance) => balanceOf(report, (row) => row.name === ACCOUNT);

let before: TrialBalance;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  accountId = (
    await call<{ account: { id: number } }>('POST', '/accounts', {
      name: ACCOUNT,
      kind: 'Bank',
      bankName: 'E2E Bank',
      last4: '3350',
      openingBalance: 1000,
      openingDate: OPENED,
    })
  ).account.id;
  const added = await importStatement(
    accountId,
    `charges-${stamp}.csv`,
    `Date,Description,Amount\r\n${TODAY},${CHARGE},-350.00\r\n`,
  );
  expect(added).toBe(1);
  before = await trialBalance();

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

test('a service charge on the statement is booked to Bank charges from its reconcile row', async () => {
  await page.goto(`/Accounts/${accountId}/reconcile`);
  await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
  const line = page
    .getByRole('list', { name: 'Statement lines' })
    .getByRole('listitem')
    .filter({ hasText: CHARGE });
  await line.waitFor();
  expect(await line.innerText()).toContain('-350.00');

  await line.getByRole('button', { name: /^Create: / }).click();
  const form = line.getByRole('form', { name: /^Create: / });
  const picker = form.getByLabel('Book to');
  await picker.getByRole('option', { name: BANK_CHARGES }).waitFor({ state: 'attached' });
  // Money out: an expense type or an employee by its sign, or a ledger account.
  expect(
    await picker
      .locator('optgroup')
      .evaluateAll((groups) => groups.map((one) => one.getAttribute('label'))),
  ).toEqual(['Expense type', 'Employee (salary)', 'Ledger account']);
  // A money account is not offered: its movements come from its own lines.
  expect(await picker.locator('option').allTextContents()).not.toContainEqual(
    expect.stringContaining(ACCOUNT),
  );
  // "CHARGES" in the line: Bank charges is proposed once every list has answered.
  await line.locator('select:not([aria-busy])').waitFor();
  expect(await picker.locator('option:checked').textContent()).toBe(BANK_CHARGES);
  expect(await form.getByLabel('Description').inputValue()).toBe(CHARGE);

  const said = session.dialogs.length;
  await form.getByRole('button', { name: /^Create & match: / }).click();
  await line.waitFor({ state: 'detached' });
  await page.getByText('No statement lines to match').waitFor();
  await page
    .getByRole('status')
    .getByText(/^Created voucher #\d+ for .* and matched it\.$/)
    .waitFor();
  expect(session.dialogs.slice(said)).toEqual([]);

  // The worklist as the API answers it: the line is matched, no longer to do.
  const worklist = await call<{ lines: Array<{ description: string }> }>(
    'GET',
    `/accounts/${accountId}/reconcile`,
  );
  expect(worklist.lines.map((one) => one.description)).not.toContain(CHARGE);
});

test('the trial balance: Bank charges up by 350.00, the bank down by 350.00, still balanced', async () => {
  const after = await trialBalance();
  expect(bankCharges(after) - bankCharges(before)).toBe(35000);
  expect(bank(before)).toBe(100000);
  expect(bank(after)).toBe(65000);
  expect(after.totals.debit).toEqual(after.totals.credit);
});
