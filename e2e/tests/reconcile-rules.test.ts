// Rules that learn (issue 42) in Chromium against the built product: a bank charge line booked by
// Create to the ledger's bank charges account and remembered (its description without the dates
// and references, as offered); the next statement imported through the API; its bank charge line
// arrives with the rule's proposal in the row ("Rule: ...") and is booked with one click on OK —
// no pop-up, and axe finds nothing on the Remember form, light and dark.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, type Session, signIn } from '../support/browser';
import { apiAs, importStatement, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;
let accountId: number;
let charges: { id: number; label: string };

// Letters only: the remembered text keeps no digits, and must be this test's alone.
const word = `FEE${Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'QRSTUVWXYZ'[Number(digit)]!)
  .toUpperCase()}`;
const ACCOUNT = `Rules bank ${word}`;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const daysAgo = (days: number) =>
  iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDay = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
const named = (line: { date: string; description: string; amount: string }) =>
  `${shortDay(line.date)}, ${line.description}, RS ${line.amount}`;

const FIRST = {
  date: daysAgo(35),
  amount: '-45.25',
  description: `SERVICE CHARGES ${word} ${daysAgo(35)} REF 88120`,
};
const SECOND = {
  date: daysAgo(5),
  amount: '-51.75',
  description: `SERVICE CHARGES ${word} ${daysAgo(5)} REF 90413`,
};
const PATTERN = `SERVICE CHARGES ${word} REF`;

const rowOf = (description: string) =>
  page.getByRole('list', { name: 'Statement lines' }).getByRole('listitem').filter({
    hasText: description,
  });
const liveRegion = () => page.getByRole('status').filter({ hasText: /./ });
const csv = (line: typeof FIRST) =>
  `Date,Description,Amount\r\n${line.date},${line.description},${line.amount}\r\n`;

async function axeInBothSchemes() {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const result = await new AxeBuilder({ page }).include('main').analyze();
    found.push(...result.violations.map((one) => `${colorScheme} ${one.id}: ${one.nodes.length}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  accountId = (
    await call<{ account: { id: number } }>('POST', '/accounts', {
      name: ACCOUNT,
      kind: 'Bank',
      openingBalance: 1000,
      openingDate: daysAgo(60),
    })
  ).account.id;
  const chart = await call<{
    accounts: { id: number; code: string; name: string; bookable: boolean; type: string }[];
  }>('GET', '/ledger/accounts');
  const found = chart.accounts.find(
    (account) => account.bookable && account.type === 'Expense' && account.name === 'Bank charges',
  )!;
  charges = { id: found.id, label: `${found.code} ${found.name}` };
  expect(await importStatement(accountId, `rules-${word}-1.csv`, csv(FIRST))).toBe(1);

  browser = await launch();
  session = await openPage(browser, { width: 1366, height: 768 });
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

test('a Create remembered as a rule; the next statement’s line is proposed and booked with one click', async () => {
  await page.goto(`/Accounts/${accountId}/reconcile`);
  const first = rowOf(FIRST.description);
  await first.getByRole('button', { name: `Create: ${named(FIRST)}` }).click();
  await first.locator('select:not([aria-busy])').waitFor();
  await first.getByLabel('Book to').selectOption({ label: charges.label });
  await first.getByRole('button', { name: `Create & match: ${named(FIRST)}` }).click();
  await liveRegion()
    .filter({ hasText: new RegExp(`^Created voucher #\\d+ for ${shortDay(FIRST.date)}`) })
    .waitFor();
  await first.waitFor({ state: 'detached' });

  // Remember, in place: the description without its day and numbers, as offered.
  await page
    .getByRole('button', {
      name: `Remember: lines like "${FIRST.description}" are booked to ${charges.label}`,
    })
    .click();
  const remember = page.getByRole('form', { name: `Remember as a rule: ${FIRST.description}` });
  const pattern = remember.getByLabel(`Lines containing (booked to ${charges.label})`);
  expect(await pattern.inputValue()).toBe(PATTERN);
  expect(await axeInBothSchemes()).toEqual([]);
  await remember.getByRole('button', { name: 'Save rule' }).click();
  await liveRegion()
    .filter({
      hasText: `Rule saved: lines containing "${PATTERN}" will be proposed for ${charges.label}.`,
    })
    .waitFor();

  // The next statement: its line arrives with the rule's proposal.
  expect(await importStatement(accountId, `rules-${word}-2.csv`, csv(SECOND))).toBe(1);
  await page.reload();
  const second = rowOf(SECOND.description);
  await second.getByText(`Rule: ${PATTERN}`).waitFor();
  expect(await second.innerText()).toContain(`Book to ${charges.label}`);
  await second.getByRole('button', { name: `OK: ${named(SECOND)}` }).click();
  await liveRegion()
    .filter({ hasText: new RegExp(`^Created voucher #\\d+ for ${shortDay(SECOND.date)}`) })
    .waitFor();
  await second.waitFor({ state: 'detached' });

  const worklist = await call<{ lines: { description: string; status: string }[] }>(
    'GET',
    `/accounts/${accountId}/reconcile?status=all`,
  );
  expect(worklist.lines.map((line) => [line.description, line.status])).toEqual([
    [FIRST.description, 'matched'],
    [SECOND.description, 'matched'],
  ]);
  expect(session.dialogs).toEqual([]);
});
