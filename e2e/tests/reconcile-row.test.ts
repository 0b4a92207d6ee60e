// The reconcile row (issue 42) in Chromium against the built product: a bank account with a
// statement of 9 lines put in through the API — 6 with an entry recorded for them, an ATM
// withdrawal with its transfer to the till recorded, a card payment that two entries add up to,
// and a line to exclude. At 1366×768 at least 6 rows show with every control in view and nothing
// scrolls sideways; at 390 px the rows stack with no sideways scrolling. OK matches a line
// without a pop-up, the transfer is matched, Find & match matches two entries to one line, and
// an exclusion is undone with Undo exclude.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, openPage, type Session, signIn } from '../support/browser';
import { addExpenseType, apiAs, importStatement, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;
let accountId: number;

const stamp = Date.now().toString(36);
const ACCOUNT = `Row bank ${stamp}`;
const TILL = `Till ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const daysAgo = (days: number) =>
  iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDay = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
const grouped = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A line as its buttons name it: "12 Mar, KOSTEN, RS -50.00". */
const named = (line: { date: string; description: string; amount: number }) =>
  `${shortDay(line.date)}, ${line.description}, RS ${grouped(line.amount)}`;

const PAID = Array.from({ length: 6 }, (_, index) => ({
  date: daysAgo(20 - index),
  amount: -(210 + index * 11.5),
  description: `POS STATIONERS ${stamp} ${index}`,
}));
const ATM = { date: daysAgo(12), amount: -5000, description: `ATM WITHDRAWAL ${stamp}` };
const CARD = { date: daysAgo(10), amount: -1750, description: `CARD MARKET ${stamp}` };
const STRAY = { date: daysAgo(8), amount: -99.99, description: `DUPLICATE POSTING ${stamp}` };
const LINES = [...PAID, ATM, CARD, STRAY];

const rows = () => page.getByRole('list', { name: 'Statement lines' }).getByRole('listitem');
const rowOf = (description: string) => rows().filter({ hasText: description });
const liveRegion = () => page.getByRole('status').filter({ hasText: /./ });

/** The rows of the list whose every control (and the row itself) is inside the viewport. */
function rowsInView(list: Locator) {
  return list.evaluate((element) => {
    const inView = (box: DOMRect) =>
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth;
    return Array.from(element.querySelectorAll(':scope > li')).filter(
      (row) =>
        inView(row.getBoundingClientRect()) &&
        Array.from(row.querySelectorAll('button, select, input')).every((control) =>
          inView(control.getBoundingClientRect()),
        ),
    ).length;
  });
}

/** axe's violations on the screen, in the light colour scheme and then the dark one. */
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

const sideways = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const supplies = await addExpenseType(call, `Stationers ${stamp}`);
  const account = (body: object) =>
    call<{ account: { id: number } }>('POST', '/accounts', {
      openingBalance: 0,
      openingDate: daysAgo(40),
      ...body,
    });
  accountId = (await account({ name: ACCOUNT, kind: 'Bank', openingBalance: 50000 })).account.id;
  const till = (await account({ name: TILL, kind: 'Cash' })).account.id;
  const expense = (amount: number, date: string, description: string) =>
    call('POST', '/expance/addexpance', {
      expanceTypeId: supplies,
      expanceTypeName: `Stationers ${stamp}`,
      amount,
      description,
      Creditdebit: 'Credit',
      date,
      accountId,
    });
  for (const line of PAID) await expense(-line.amount, line.date, `Stationers ${line.date}`);
  await call('POST', '/accounts/transfers', {
    fromAccountId: accountId,
    toAccountId: till,
    amount: 5000,
    date: ATM.date,
    description: `Cash for the till ${stamp}`,
  });
  // The card payment: two purchases of the market, 1,000.00 and 750.00, days before it.
  await expense(1000, daysAgo(13), `Market paper ${stamp}`);
  await expense(750, daysAgo(12), `Market tea ${stamp}`);
  const csv = [
    'Date,Description,Amount,Reference',
    ...LINES.map(
      (line, index) => `${line.date},${line.description},${line.amount.toFixed(2)},R${index}`,
    ),
  ].join('\r\n');
  expect(await importStatement(accountId, `row-${stamp}.csv`, csv)).toBe(LINES.length);

  browser = await launch();
  session = await openPage(browser, { width: 1366, height: 768 });
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

test('at 1366×768 at least 6 rows show with every control in view, and nothing scrolls sideways', async () => {
  await page.goto(`/Accounts/${accountId}/reconcile`);
  await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
  await rowOf(STRAY.description).waitFor();
  expect(await rows().count()).toBe(LINES.length);
  const first = rowOf(PAID[0]!.description);
  // The line, its match and its button together: the day, amount, the entry and why, and OK.
  expect(await first.innerText()).toContain(grouped(PAID[0]!.amount));
  expect(await first.innerText()).toContain('Same amount, same day');
  await first.getByRole('button', { name: `OK: ${named(PAID[0]!)}` }).waitFor();
  expect(
    await rowsInView(page.getByRole('list', { name: 'Statement lines' })),
  ).toBeGreaterThanOrEqual(6);
  expect(await sideways()).toBeLessThanOrEqual(0);
});

test("axe finds nothing on the rows, nor on a row's Create and Find & match forms, light and dark", async () => {
  expect(await axeInBothSchemes()).toEqual([]);
  const row = rowOf(STRAY.description);
  await row.getByRole('button', { name: `Create: ${named(STRAY)}` }).click();
  await row.locator('select:not([aria-busy])').waitFor();
  expect(await axeInBothSchemes()).toEqual([]);
  await row.getByRole('button', { name: `Find & match: ${named(STRAY)}` }).click();
  await row.getByRole('form', { name: `Find & match: ${named(STRAY)}` }).waitFor();
  expect(await axeInBothSchemes()).toEqual([]);
  await row.getByRole('button', { name: `Cancel: ${named(STRAY)}` }).click();
  await row.getByRole('form').waitFor({ state: 'detached' });
});

test('at 390 px the rows stack, every control reachable without sideways scrolling', async () => {
  const phone = await openPage(browser, { width: 390, height: 844 });
  try {
    await signIn(phone.page);
    await phone.page.goto(`/Accounts/${accountId}/reconcile`);
    const list = phone.page.getByRole('list', { name: 'Statement lines' });
    await list.getByRole('listitem').filter({ hasText: STRAY.description }).waitFor();
    expect(
      await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    // Every button lies within the phone's width.
    const outside = await list.evaluate(
      (element) =>
        Array.from(element.querySelectorAll('button')).filter((button) => {
          const box = button.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        }).length,
    );
    expect(outside).toBe(0);
    // A row's Find & match form fits the phone too.
    const stray = list.getByRole('listitem').filter({ hasText: STRAY.description });
    await stray.getByRole('button', { name: `Find & match: ${named(STRAY)}` }).click();
    await stray.getByRole('form', { name: `Find & match: ${named(STRAY)}` }).waitFor();
    expect(
      await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
  } finally {
    await phone.context.close();
  }
});

test('OK matches a line in place: the row leaves, the live region says so, Undo brings it back, no pop-up', async () => {
  const line = PAID[0]!;
  await rowOf(line.description)
    .getByRole('button', { name: `OK: ${named(line)}` })
    .click();
  await rowOf(line.description).waitFor({ state: 'detached' });
  await liveRegion()
    .getByText(`Matched ${named(line)} to entry #`)
    .waitFor();
  expect(await page.getByRole('status').first().getAttribute('aria-live')).toBe('polite');
  // Undo: the match is undone and the line is back, still with its suggestion.
  await page
    .getByRole('button', { name: `Undo: Matched ${named(line)} to entry #`, exact: false })
    .click();
  await liveRegion().getByText('Match undone: the line is back in the list.').waitFor();
  await rowOf(line.description)
    .getByRole('button', { name: `OK: ${named(line)}` })
    .click();
  await rowOf(line.description).waitFor({ state: 'detached' });
  expect(session.dialogs).toEqual([]);
});

test('the ATM withdrawal is suggested its transfer to the till, and OK matches it', async () => {
  const row = rowOf(ATM.description);
  expect(await row.innerText()).toContain(`To ${TILL}`);
  await row.getByRole('button', { name: `OK: ${named(ATM)}` }).click();
  await row.waitFor({ state: 'detached' });
  await liveRegion()
    .getByText(`Matched ${named(ATM)} to transfer #`)
    .waitFor();
  const { lines } = await call<{ lines: Array<{ description: string; transferIds: number[] }> }>(
    'GET',
    `/accounts/${accountId}/reconcile?status=all`,
  );
  expect(lines.find((one) => one.description === ATM.description)?.transferIds).toHaveLength(1);
  expect(session.dialogs).toEqual([]);
});

test('Find & match: the two purchases of the market are found and matched to the card payment', async () => {
  const row = rowOf(CARD.description);
  // A set adding up to the line may be suggested: Find & match is then under More.
  const more = row.getByRole('button', { name: `More: ${named(CARD)}` });
  if (await more.count()) await more.click();
  await row.getByRole('button', { name: `Find & match: ${named(CARD)}` }).click();
  const form = row.getByRole('form', { name: `Find & match: ${named(CARD)}` });
  await form.getByLabel('Text').fill(`Market`);
  const found = form.getByRole('list', { name: /^Unmatched entries and transfers/ });
  await found.getByRole('checkbox', { name: new RegExp(`Market paper ${stamp}`) }).check();
  await found.getByRole('checkbox', { name: new RegExp(`Market tea ${stamp}`) }).check();
  await form.getByText('Chosen 2: -1,750.00 of -1,750.00').waitFor();
  await form.getByRole('button', { name: `Match 2: ${named(CARD)}` }).click();
  await row.waitFor({ state: 'detached' });
  await liveRegion()
    .getByText(`Matched ${named(CARD)} to 2 records.`)
    .waitFor();
  const { lines } = await call<{ lines: Array<{ description: string; entryIds: number[] }> }>(
    'GET',
    `/accounts/${accountId}/reconcile?status=all`,
  );
  expect(lines.find((one) => one.description === CARD.description)?.entryIds).toHaveLength(2);
  expect(session.dialogs).toEqual([]);
});

test('a line excluded in its row comes back with Undo exclude', async () => {
  const row = rowOf(STRAY.description);
  await row.getByRole('button', { name: `Exclude: ${named(STRAY)}` }).click();
  const form = row.getByRole('form', { name: `Exclude: ${named(STRAY)}` });
  await form.getByLabel('Reason').fill('Posted twice by the bank');
  await form.getByRole('button', { name: `Exclude: ${named(STRAY)}` }).click();
  await row.waitFor({ state: 'detached' });
  await liveRegion()
    .getByText(`Excluded ${named(STRAY)}.`)
    .waitFor();
  await page.getByRole('button', { name: `Undo exclude: Excluded ${named(STRAY)}.` }).click();
  await liveRegion()
    .getByText(`Exclusion undone: ${named(STRAY)} is back in the list.`)
    .waitFor();
  await rowOf(STRAY.description)
    .getByRole('button', { name: `Exclude: ${named(STRAY)}` })
    .waitFor();
  const { lines } = await call<{ lines: Array<{ description: string; status: string }> }>(
    'GET',
    `/accounts/${accountId}/reconcile`,
  );
  expect(lines.find((one) => one.description === STRAY.description)?.status).toBe('unmatched');
  expect(session.dialogs).toEqual([]);
});
