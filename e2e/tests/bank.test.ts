// Bank statements as files crossing the browser (issue 33) in Chromium against the built product:
// a statement chosen in the register's file input, previewed and imported; the bank
// reconciliation statement downloaded from the Reconcile screen and read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { downloaded, launch, openPage, signInAt } from '../support/browser';
import {
  addAccount,
  addExpenseType,
  apiAs,
  cents,
  daysAgo,
  money,
  type ApiCall,
} from '../support/api';

let browser: Browser;
let page: Page;
let call: ApiCall;
let accountId: number;

const stamp = Date.now().toString(36);
const ACCOUNT = `Bank ${stamp}`;
const SUPPLIES = `Supplies ${stamp}`;

const TODAY = daysAgo(0);
const OPENING = 1000;
const SPENT = 120.25;

const LINES = [
  { date: daysAgo(6), amount: 512.5, description: `TRANSFER IN ${stamp}` },
  { date: daysAgo(5), amount: -SPENT, description: `POS ${stamp}` },
  { date: daysAgo(4), amount: -25.4, description: `BANK FEE ${stamp}` },
];

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const supplies = await addExpenseType(call, SUPPLIES);
  accountId = await addAccount(call, {
    name: ACCOUNT,
    kind: 'Bank',
    bankName: 'E2E Bank',
    last4: '4821',
    openingBalance: OPENING,
    openingDate: daysAgo(30),
  });
  await call('POST', '/expance/addexpance', {
    expanceTypeId: supplies,
    expanceTypeName: SUPPLIES,
    amount: SPENT,
    description: `Supplies ${stamp}`,
    Creditdebit: 'Credit',
    date: daysAgo(5),
    accountId,
  });

  browser = await launch();
  page = (await openPage(browser)).page;
  await signInAt(page, `/Accounts/${accountId}`);
});

afterAll(async () => {
  await browser?.close();
});

test('a statement file chosen on the register is previewed, then imported into the worklist', async () => {
  // beforeAll opened the page there, signed in.
  await page.getByRole('heading', { name: ACCOUNT, level: 1 }).waitFor();
  const csv = [
    'Date,Description,Amount,Reference',
    ...LINES.map(
      (line, index) =>
        `${line.date},${line.description},${line.amount.toFixed(2)},R${stamp}${index}`,
    ),
  ].join('\r\n');
  const form = page.getByRole('form', { name: 'Import statement' });
  await form.getByLabel('File').setInputFiles({
    name: `statement-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // Previewed once chosen: the lines as they will be stored.
  await form
    .getByRole('status', { name: 'Statement preview summary' })
    .getByText('3 lines read: 3 to add, 0 already imported')
    .waitFor();
  const preview = form.getByRole('table', { name: 'Lines to import' }).getByRole('row');
  expect(await preview.filter({ hasText: `BANK FEE ${stamp}` }).innerText()).toContain('-25.40');
  await form.getByRole('button', { name: 'Import statement' }).click();
  await page
    .getByRole('status', { name: 'Statement imported' })
    .getByText('3 lines added, 0 already imported')
    .waitFor();
  const { lines } = await call<{ lines: Array<{ description: string; amount: number }> }>(
    'GET',
    `/accounts/${accountId}/reconcile`,
  );
  expect(lines.map((line) => [line.description, cents(line.amount)])).toEqual(
    LINES.map((line) => [line.description, cents(line.amount)]),
  );
});

test('the bank reconciliation statement downloads as a PDF naming the account and its books', async () => {
  await page.goto(`/Accounts/${accountId}/reconcile`);
  await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
  const section = page.getByRole('region', { name: 'Reconciled through' });
  await section.getByLabel('Date').fill(TODAY);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Reconciliation statement (PDF)' }).click(),
  ]);
  const file = await downloaded(saved);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(ACCOUNT);
  expect(text).toMatch(
    new RegExp(
      `Balance as per books\\s+${money((cents(OPENING) - cents(SPENT)) / 100).replace('.', '\\.')}`,
    ),
  );
});
