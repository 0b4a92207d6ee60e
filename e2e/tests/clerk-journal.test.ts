// The clerk's day (issue 32, points 3, 5, 6 and 8) in Chromium against the built product: a
// journal that fits a laptop, periods in one click, balances beside the clients, and phones
// that show cards instead of sideways-scrolling tables. Geometry is measured with bounding
// boxes against the viewport.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

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
const LAST_MONTH_DAY = iso(new Date(YEAR, now.getMonth() - 1, 10));
const LAST_MONTH = {
  from: iso(new Date(YEAR, now.getMonth() - 1, 1)),
  to: iso(new Date(YEAR, now.getMonth(), 0)),
};
const THIS_MONTH = {
  from: iso(new Date(YEAR, now.getMonth(), 1)),
  to: iso(new Date(YEAR, now.getMonth() + 1, 0)),
};

let clientId: number;
let employeeId: number;

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
  employeeId = (
    await call<{ user: { id: number } }>('POST', '/employees/addEmployee', {
      name: EMPLOYEE,
      email: `clerk-employee-${stamp}@e2e.local`,
      number: '0300',
    })
  ).user.id;
  await call('POST', '/expance/addexpancetype', { expancetype: TYPE });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const typeId = users.find((type) => type.expancetype === TYPE)?.id ?? 0;
  // A year-old invoice (before 1 January: the ledger's opening balance), then a page of entries.
  await call('POST', '/incoms/addIncome', {
    clientId,
    amount: 1000,
    Creditdebit: 'Debit',
    description: 'Last year',
    date: `${YEAR - 1}-12-15`,
  });
  for (let index = 0; index < 14; index += 1)
    await call('POST', '/incoms/addIncome', {
      clientId,
      amount: 100 + index,
      Creditdebit: index % 2 === 0 ? 'Debit' : 'Credit',
      description: `${LONG} (${index + 1})`,
      date: TODAY,
    });
  for (const [amount, date] of [
    [120.4, TODAY],
    [79.6, TODAY],
    [333.33, LAST_MONTH_DAY],
  ] as const)
    await call('POST', '/expance/addexpance', {
      expanceTypeId: typeId,
      expanceTypeName: TYPE,
      amount,
      description: 'Rent',
      Creditdebit: 'Credit',
      date,
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
afterAll(() => browser?.close());

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
  it('shows at least 12 whole rows at 1366×768, each with its actions, and no sideways scroll', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/Journal');
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
    await context.close();
  });

  it('folds the filters behind a Filters button that counts the applied ones', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/Journal');
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await page.getByLabel('Kind').selectOption('income');
    await page
      .getByLabel('Party', { exact: true })
      .selectOption({ label: `${CLIENT} (Clerk Ltd)` });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await page.getByRole('button', { name: 'This month' }).click();
    await page.getByRole('button', { name: 'Filters (4)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(THIS_MONTH.from);
    await page
      .getByRole('status', { name: 'Totals' })
      .getByText(/^14 entries match/)
      .waitFor();
    await context.close();
  });

  it('moves the books closed through date from Settings, and the journal shows it on one line', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Books closed' }).click();
    const closed = iso(new Date(YEAR - 1, 0, 31));
    await page.getByLabel('Books closed through').fill(closed);
    await page.getByRole('button', { name: 'Save closing date' }).click();
    await page
      .getByText(`Books closed through ${closed}: nothing dated on or before it is accepted.`)
      .waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Journal' })
      .click();
    const note = page.getByText(
      `Books closed through ${closed}: nothing dated on or before it is accepted.`,
    );
    await note.waitFor();
    const box = await note.boundingBox();
    expect(box?.height).toBeLessThan(30);
    await call('PUT', '/journal/closed', { closedThrough: null });
    await context.close();
  });
});

describe('periods in one click', () => {
  it('Expense Vs Type shows the month it applies and changes period in one click each', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/ExpenseVsTypeReport');
    const row = page.getByRole('row').filter({ hasText: TYPE });
    await row.getByRole('cell', { name: '200.00' }).waitFor();
    expect(await page.getByLabel('Start Date').inputValue()).toBe(THIS_MONTH.from);
    expect(await page.getByLabel('End Date').inputValue()).toBe(THIS_MONTH.to);

    await page.getByRole('button', { name: 'Last month' }).click();
    await row.getByRole('cell', { name: '333.33' }).waitFor();
    expect(await page.getByLabel('Start Date').inputValue()).toBe(LAST_MONTH.from);
    expect(await page.getByLabel('End Date').inputValue()).toBe(LAST_MONTH.to);

    await page.getByRole('button', { name: 'This month' }).click();
    await row.getByRole('cell', { name: '200.00' }).waitFor();
    await page.getByRole('button', { name: 'This year' }).click();
    // In January the year's figure is the month's, already on screen: wait for the year's table.
    await page.getByText(`Period: ${YEAR}-01-01 to ${YEAR}-12-31`).waitFor();
    await row
      .getByRole('cell', { name: LAST_MONTH.from.startsWith(`${YEAR}`) ? '533.33' : '200.00' })
      .waitFor();
    await context.close();
  });

  it('a ledger opened from Clients Vs Sales starts on 1 January, balances above the table', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/ClientsVsSales');
    await page.getByRole('link', { name: CLIENT }).click();
    await page.getByRole('heading', { name: 'Client Ledger' }).waitFor();
    expect(await page.getByLabel('Start Date').inputValue()).toBe(`${YEAR}-01-01`);
    expect(await page.getByLabel('End Date').inputValue()).toBe(TODAY);
    // Last year's invoice is brought forward; this year's 7 Debits (100, 102...) and 7 Credits.
    const balances = page.getByLabel('Balances');
    await balances.getByText('Opening balance RS: 1,000.00').waitFor();
    await balances.getByText('Closing balance RS: 993.00').waitFor();
    await context.close();
  });
});

describe('balances where the clerk is', () => {
  it("Manage Clients shows what each client owes, linked to the client's ledger", async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/Clients');
    await page.getByRole('tab', { name: 'Manage Clients' }).click();
    await page.getByLabel('Search').fill(CLIENT);
    const row = page.getByRole('row').filter({ hasText: CLIENT });
    const link = row.getByRole('link', { name: /Owes us RS: 993\.00/ });
    await link.waitFor();
    await link.click();
    await page.getByRole('heading', { name: 'Client Ledger' }).waitFor();
    await page.getByLabel('Balances').getByText('Closing balance RS: 993.00').waitFor();
    await context.close();
  });

  it('Manage Employees shows what was paid to each employee', async () => {
    const { page, context } = await signedIn({ width: 1366, height: 768 });
    await page.goto('/Employees');
    await page.getByRole('tab', { name: 'Manage Employees' }).click();
    await page.getByLabel('Search').fill(EMPLOYEE);
    const row = page.getByRole('row').filter({ hasText: EMPLOYEE });
    await row.getByRole('link', { name: /RS: 2,500\.50/ }).waitFor();
    await context.close();
  });
});

describe('phones', () => {
  const PHONE = { width: 390, height: 844 };

  it('at 390 px a report shows each row as a card, its balance in view', async () => {
    const { page, context } = await signedIn(PHONE);
    await page.goto('/ClientsVsSales');
    const report = page.getByRole('row').filter({ hasText: CLIENT });
    await report.waitFor();
    await fitsTheWidth(page);
    // The party heads the card; the balance is beside it, in view.
    const pending = await report.locator('td').last().boundingBox();
    expect(pending && pending.x + pending.width <= PHONE.width).toBe(true);
    await context.close();
  });

  it('at 390 px a ledger fits the width, its Debit, Credit and Balance in view', async () => {
    const { page, context } = await signedIn(PHONE);
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
    await context.close();
  });

  it('at 390 px the Journal fits the width, its first card on the first screen', async () => {
    const { page, context } = await signedIn(PHONE);
    await page.goto('/Journal');
    const journal = page.getByRole('table', { name: 'Journal' });
    await journal.getByText(`${LONG} (14)`).waitFor();
    await fitsTheWidth(page);
    const firstCard = await journal.locator('tbody tr').first().boundingBox();
    expect(firstCard && firstCard.y < PHONE.height / 2).toBe(true);
    await context.close();
  });

  it('at 390 px Payroll fits the width', async () => {
    const { page, context } = await signedIn(PHONE);
    await page.goto('/Payroll');
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: EMPLOYEE }).waitFor();
    await fitsTheWidth(page);
    await context.close();
  });

  // Each entry screen: the form and Just recorded fit, each entry a card that names its
  // account and description (issue 42).
  const SCREENS = [
    { path: '/Income', picker: 'Client', party: `${CLIENT} (Clerk Ltd)`, add: 'Add Income' },
    { path: '/Expances', picker: 'Expense Type', party: TYPE, add: 'Add Expense' },
    { path: '/Salary', picker: 'Employee', party: EMPLOYEE, add: 'Add Salary' },
  ];
  it.each(SCREENS)(
    'at 390 px $path fits the width, Just recorded a card with the account and description',
    async ({ path, picker, party, add }) => {
      const { page, context } = await signedIn(PHONE);
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
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ label: '"Account"', text: 'Cash' }),
          expect.objectContaining({ label: '"Description"', text: description }),
          expect.objectContaining({ text: 'RS: 1,234.50' }),
        ]),
      );
      for (const line of lines) expect(line.right).toBeLessThanOrEqual(PHONE.width);
      await context.close();
    },
  );

  it('the dashboard shows the money figures before the counts on a phone', async () => {
    const { page, context } = await signedIn({ width: 390, height: 844 });
    const income = await page.getByRole('region', { name: 'Total Income' }).boundingBox();
    const admins = await page.getByText('Total Admins').boundingBox();
    expect(income && admins && income.y < admins.y).toBe(true);
    await fitsTheWidth(page);
    await context.close();
  });
});
