// Import (issue 20) in Chromium against the built product: a messy semicolon-separated bank file
// with a byte-order mark, DD/MM/YYYY dates, 1.234,50 amounts, a description with a line break
// inside quotes and two bad rows; the two errors with their lines, the rest imported, the
// journal's totals moved by exactly their sum, and the import undone.
import type { Browser } from 'playwright-core';
import { dialogCount, launch, openPage, signIn } from '../support/browser';
import { apiAs, cents, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const CLIENT = `Import client ${stamp}`;

const now = new Date();
/** Days of last month above the 12th, so that the dates read one way only. */
const day = (date: number) => {
  const at = new Date(now.getFullYear(), now.getMonth() - 1, date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
};

interface Totals {
  count: number;
  credit: number;
  debit: number;
}

beforeAll(async () => {
  browser = await launch();
  call = await apiAs();
  await call('POST', '/clients/addClient', {
    name: CLIENT,
    email: `import-${stamp}@e2e.local`,
    companyName: 'Import Ltd',
  });
});
afterAll(async () => {
  await browser?.close();
});

it('imports a messy bank file, shows its two bad rows by line, and undoes it', async () => {
  const file = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(
      [
        'Date;Client;Amount;Description',
        `${day(13)};${CLIENT};1.234,50;"Invoice ${stamp}\nsecond line"`,
        `${day(14)};Nobody ${stamp};10,00;unknown client`,
        `${day(15)};${CLIENT};99,99;fees ${stamp}`,
        `${day(16)};${CLIENT};abc;not a number`,
        `${day(17)};${CLIENT};10,00;last ${stamp}`,
      ].join('\r\n'),
    ),
  ]);
  const before = await call<Totals>('GET', '/journal/totals');

  const { page, context, dialogs } = await openPage(browser);
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Import' })
    .click();
  await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
  await page.getByLabel('What to import').selectOption({ label: 'Income' });
  await page.getByLabel('File').setInputFiles({
    name: `bank-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: file,
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText('3 rows ready · 2 rows with errors').waitFor();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  // The first row spans lines 2 and 3: the unknown client is on line 4, "abc" on line 6.
  expect(await errors.locator('tbody tr').allTextContents()).toEqual([
    `4Unknown client: Nobody ${stamp}`,
    '6Amount is not a number: abc',
  ]);
  expect(await page.getByLabel('Date format').inputValue()).toBe('DD/MM/YYYY');
  expect(await page.getByLabel('Number format').inputValue()).toBe('1.234,56');

  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  expect(await dialogCount(dialogs, 1)).toEqual(['Import done']);
  const after = await call<Totals>('GET', '/journal/totals');
  expect(after.count - before.count).toBe(3);
  expect(cents(after.credit) - cents(before.credit)).toBe(cents(1234.5 + 99.99 + 10));
  expect(cents(after.debit)).toBe(cents(before.debit));

  // The journal of the import shows its three entries and exactly their sum.
  const past = page.getByRole('table', { name: 'Past imports' });
  const row = past.getByRole('row').filter({ hasText: `bank-${stamp}.csv` });
  await row.getByRole('link', { name: 'Entries' }).click();
  await page
    .getByRole('status', { name: 'Batch' })
    .getByText(/Entries of import #\d+/)
    .waitFor();
  await page
    .getByRole('status', { name: 'Totals' })
    .getByText('3 entries match · Credit RS: 1,344.49 · Debit RS: 0.00')
    .waitFor();
  await page.getByRole('table', { name: 'Journal' }).getByText(`fees ${stamp}`).waitFor();

  // Undone: every entry reversed, the totals back where they were.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Import' })
    .click();
  await row.getByRole('button', { name: 'Undo import' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason for the undo').fill('Wrong month');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  expect(await dialogCount(dialogs, 2)).toEqual(['Import done', 'Batch undone']);
  await row.getByText('Undone: Wrong month').waitFor();
  const undone = await call<Totals>('GET', '/journal/totals');
  expect(cents(undone.credit)).toBe(cents(before.credit));
  await context.close();
});
