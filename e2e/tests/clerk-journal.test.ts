// The clerk's day (issue 32, points 3, 5, 6 and 8) in Chromium against the built product: a
// journal that fits a laptop, its closed period on one line, and phones that show cards instead
// of sideways-scrolling tables. Geometry is measured with bounding boxes against the viewport.
// The periods, filters and balances these screens show are checked by the screens' own tests
// and the API tests.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn, signInAt } from '../support/browser';
import { addExpenseType, apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const CLIENT = `Clerk client ${stamp}`;
const TYPE = `Clerk type ${stamp}`;
const EMPLOYEE = `Clerk employee ${stamp}`;
const LONG = 'Monthly retainer for bookkeeping, payroll and the year-end papers, as agreed';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const YEAR = now.getFullYear();
const TODAY = iso(now);

let clientId: number;

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `clerk-${stamp}@e2e.local`,
      companyName: 'Clerk Ltd',
    })
  ).user.id;
  const employeeId = (
    await call<{ user: { id: number } }>('POST', '/employees/addEmployee', {
      name: EMPLOYEE,
      email: `clerk-employee-${stamp}@e2e.local`,
      number: '0300',
    })
  ).user.id;
  await addExpenseType(call, TYPE);
  // A page of entries with long descriptions.
  for (let index = 0; index < 14; index += 1)
    await call('POST', '/incoms/addIncome', {
      clientId,
      amount: 100 + index,
      Creditdebit: index % 2 === 0 ? 'Debit' : 'Credit',
      description: `${LONG} (${index + 1})`,
      date: TODAY,
    });
  await call('POST', '/expance/addsalery', {
    employeeId,
    employeeName: EMPLOYEE,
    amount: 2500.5,
    description: 'Salary',
    Creditdebit: 'Credit',
    date: TODAY,
  });
  browser = await launch();
});
afterAll(async () => {
  await call?.('PUT', '/journal/closed', { closedThrough: null });
  await browser?.close();
});

async function signedIn(size: { width: number; height: number }) {
  const session = await openPage(browser, size);
  await signIn(session.page);
  return session;
}

/** Nothing on the page is wider than the window: no sideways scrolling, no table cut off. */
async function fitsTheWidth(page: Page) {
  const measured = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    tables: Array.from(document.querySelectorAll('table')).map((table) => {
      const box = table.getBoundingClientRect();
      const frame = table.parentElement as HTMLElement;
      return {
        right: Math.round(box.right),
        overflow: frame.scrollWidth - frame.clientWidth,
      };
    }),
  }));
  expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
  for (const table of measured.tables) {
    expect(table.right).toBeLessThanOrEqual(measured.innerWidth);
    expect(table.overflow).toBeLessThanOrEqual(0);
  }
  return measured;
}

describe('a journal that fits a laptop', () => {
  it('shows at least 12 whole rows at 1366×768, each with its actions, no sideways scroll, the closed period on one line', async () => {
    const { page, context } = await openPage(browser, { width: 1366, height: 768 });
    await signInAt(page, '/Journal');
    const table = page.getByRole('table', { name: 'Journal' });
    await table.getByText(`${LONG} (14)`).waitFor();

    const rows = await table.locator('tbody tr').evaluateAll((lines) =>
      lines.map((line) => {
        const box = line.getBoundingClientRect();
        const menu = line.querySelector('button[aria-label^="Actions for entry"]');
        const menuBox = menu?.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          menu: menuBox && {
            top: menuBox.top,
            bottom: menuBox.bottom,
            left: menuBox.left,
            right: menuBox.right,
          },
        };
      }),
    );
    const inView = (box: { top: number; bottom: number; left: number; right: number }) =>
      box.top >= 0 && box.bottom <= 768 && box.left >= 0 && box.right <= 1366;
    const whole = rows.filter((row) => inView(row) && row.menu && inView(row.menu));
    expect(whole.length).toBeGreaterThanOrEqual(12);
    // One line a row.
    for (const row of rows) expect(row.bottom - row.top).toBeLessThan(44);
    await fitsTheWidth(page);

    // Dates as 2026-11-27; who as a name, the e-mail in the tooltip.
    const first = table.locator('tbody tr').first();
    await first.getByRole('cell', { name: TODAY, exact: true }).waitFor();
    expect(await first.locator('[title*="@"]').count()).toBeGreaterThan(0);

    // The actions open from the row's menu, in view.
    const id = (await first.locator('td').first().textContent())?.replace('#', '');
    await page.getByRole('button', { name: `Actions for entry #${id}` }).click();
    const reverse = page.getByRole('button', { name: `Reverse entry #${id}` });
    await reverse.waitFor();
    const box = await reverse.boundingBox();
    expect(box && box.x + box.width <= 1366 && box.y + box.height <= 768).toBe(true);
    await page.getByRole('button', { name: `Correct entry #${id}` }).waitFor();
    await page.getByRole('button', { name: `Attach receipt to entry #${id}` }).waitFor();
    await page.keyboard.press('Escape');
    await reverse.waitFor({ state: 'hidden' });

    // The closed state is one line; the control to move it is in Settings.
    await page.getByText('No period is closed.').waitFor();
    expect(await page.getByLabel('Books closed through').count()).toBe(0);
    const closed = iso(new Date(YEAR - 1, 0, 31));
    await call('PUT', '/journal/closed', { closedThrough: closed });
    try {
      await page.reload();
      const note = page.getByText(
        `Books closed through ${closed}: nothing dated on or before it is accepted.`,
      );
      await note.waitFor();
      const noteBox = await note.boundingBox();
      expect(noteBox?.height).toBeLessThan(30);
    } finally {
      await call('PUT', '/journal/closed', { closedThrough: null });
    }
    await context.close();
  });
});

describe('phones', () => {
  const PHONE = { width: 390, height: 844 };

  it('at 390 px every screen fits the width and shows its rows as cards, the figures in view', async () => {
    const { page, context } = await signedIn(PHONE);

    // The dashboard: the money figures before the counts.
    const income = await page.getByRole('region', { name: 'Total Income' }).boundingBox();
    const admins = await page.getByText('Total Admins').boundingBox();
    expect(income && admins && income.y < admins.y).toBe(true);
    await fitsTheWidth(page);

    // A report: the party heads the card; the balance is beside it, in view.
    await page.goto('/ClientsVsSales');
    const report = page.getByRole('row').filter({ hasText: CLIENT });
    await report.waitFor();
    await fitsTheWidth(page);
    const pending = await report.locator('td').last().boundingBox();
    expect(pending && pending.x + pending.width <= PHONE.width).toBe(true);

    // A ledger: its Debit, Credit and Balance totals in view.
    await page.goto(
      `/ClientLedgerPage?clientId=${clientId}&startDate=${YEAR}-01-01&endDate=${TODAY}`,
    );
    const ledger = page.getByRole('table', { name: 'Client Ledger' });
    await ledger.getByText(`${LONG} (14)`).waitFor();
    await fitsTheWidth(page);
    const totals = await ledger
      .locator('tfoot td')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().right)));
    for (const right of totals) expect(right).toBeLessThanOrEqual(PHONE.width);

    // The Journal: its first card on the first screen.
    await page.goto('/Journal');
    const journal = page.getByRole('table', { name: 'Journal' });
    await journal.getByText(`${LONG} (14)`).waitFor();
    await fitsTheWidth(page);
    const firstCard = await journal.locator('tbody tr').first().boundingBox();
    expect(firstCard && firstCard.y < PHONE.height / 2).toBe(true);

    await page.goto('/Payroll');
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: EMPLOYEE }).waitFor();
    await fitsTheWidth(page);

    // Each entry screen: the form and Just recorded fit, each entry a card that names its
    // account and description (issue 42).
    const screens = [
      { path: '/Income', picker: 'Client', party: `${CLIENT} (Clerk Ltd)`, add: 'Add Income' },
      { path: '/Expances', picker: 'Expense Type', party: TYPE, add: 'Add Expense' },
      { path: '/Salary', picker: 'Employee', party: EMPLOYEE, add: 'Add Salary' },
    ];
    for (const { path, picker, party, add } of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: add, level: 1 }).waitFor();
      const description = `Paid at the counter on a phone, ${path.slice(1)} ${stamp}`;
      await page.getByLabel(picker, { exact: true }).selectOption({ label: party });
      await page.getByLabel('Credit/Debit').selectOption('Credit');
      await page.getByLabel('Amount').fill('1,234.50');
      await page.getByLabel('Description (optional)').fill(description);
      await page.getByRole('button', { name: add }).click();
      const card = page
        .getByRole('region', { name: 'Just recorded' })
        .locator('tbody tr')
        .filter({ hasText: description });
      await card.waitFor();
      await fitsTheWidth(page);
      // Every value on a line of its own with its column's name beside it, the card in the width.
      const lines = await card.locator('td').evaluateAll((cells) =>
        cells.map((cell) => ({
          label: getComputedStyle(cell, '::before').content,
          text: cell.textContent,
          right: Math.round(cell.getBoundingClientRect().right),
        })),
      );
      expect({ path, lines }).toEqual({
        path,
        lines: expect.arrayContaining([
          expect.objectContaining({ label: '"Account"', text: 'Cash' }),
          expect.objectContaining({ label: '"Description"', text: description }),
          expect.objectContaining({ text: 'RS: 1,234.50' }),
        ]) as unknown,
      });
      for (const line of lines)
        expect({ path, right: line.right <= PHONE.width }).toEqual({
          path,
          right: true,
        });
    }
    await context.close();
  });
});
