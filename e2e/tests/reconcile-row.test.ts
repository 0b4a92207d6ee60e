// The reconcile rows' layout (issue 42) in Chromium against the built product: a bank account
// with a statement of 9 lines put in through the API — 6 with an entry recorded for them, an ATM
// withdrawal with its transfer to the till recorded, a card payment that two entries add up to,
// and a line with nothing to match. At 1366×768 at least 6 rows show with every control in view
// and nothing scrolls sideways; the rows and a row's open form keep their contrast in both colour
// schemes; at 390 px the rows stack with no sideways scrolling.
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, openPage, signInAt } from '../support/browser';
import { addAccount, addExpenseType, apiAs, daysAgo, importStatement, money } from '../support/api';
import { colourViolations } from '../support/axe';

let browser: Browser;
let page: Page;
let accountId: number;

const stamp = Date.now().toString(36);
const ACCOUNT = `Row bank ${stamp}`;
const TILL = `Till ${stamp}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDay = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
/** A line as its buttons name it: "12 Mar, KOSTEN, RS -50.00". */
const named = (line: { date: string; description: string; amount: number }) =>
  `${shortDay(line.date)}, ${line.description}, RS ${money(line.amount)}`;

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

const sideways = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  const call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const supplies = await addExpenseType(call, `Stationers ${stamp}`);
  accountId = await addAccount(call, { name: ACCOUNT, kind: 'Bank', openingBalance: 50000 });
  const till = await addAccount(call, { name: TILL, kind: 'Cash' });
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
  page = (await openPage(browser, { width: 1366, height: 768 })).page;
  await signInAt(page, `/Accounts/${accountId}/reconcile`);
});

afterAll(async () => {
  await browser?.close();
});

test('at 1366×768 at least 6 rows show with every control in view, and nothing scrolls sideways', async () => {
  // beforeAll opened the page there, signed in.
  await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
  await rowOf(STRAY.description).waitFor();
  expect(await rows().count()).toBe(LINES.length);
  const first = rowOf(PAID[0]!.description);
  // The line, its match and its button together: the day, amount, the entry and why, and OK.
  expect(await first.innerText()).toContain(money(PAID[0]!.amount));
  expect(await first.innerText()).toContain('Same amount, same day');
  await first.getByRole('button', { name: `OK: ${named(PAID[0]!)}` }).waitFor();
  expect(
    await rowsInView(page.getByRole('list', { name: 'Statement lines' })),
  ).toBeGreaterThanOrEqual(6);
  expect(await sideways()).toBeLessThanOrEqual(0);
});

test("the rows and a row's open Find & match form keep their contrast, light and dark", async () => {
  const row = rowOf(STRAY.description);
  await row.getByRole('button', { name: `Find & match: ${named(STRAY)}` }).click();
  // Its search answered: the unmatched records of the account, each with its checkbox.
  await row
    .getByRole('list', { name: /^Unmatched entries and transfers/ })
    .getByRole('checkbox')
    .first()
    .waitFor();
  expect(await colourViolations(page, 'main')).toEqual([]);
  await row.getByRole('button', { name: `Cancel: ${named(STRAY)}` }).click();
  await row.getByRole('form').waitFor({ state: 'detached' });
});

test('at 390 px the rows stack, every control reachable without sideways scrolling', async () => {
  const phone = await openPage(browser, { width: 390, height: 844 });
  try {
    await signInAt(phone.page, `/Accounts/${accountId}/reconcile`);
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
