// Payroll runs and repeating entries (issue 23) in Chromium against the built product: a month's
// payroll for three employees posted from /Payroll, the Employees Vs Salary report and the
// journal showing the same salaries, a second run posting nothing twice, employees without a
// monthly salary offered last month's pay and posted in two clicks (Pay all, typing ticks Pay,
// Tab from row to row, names linking to the ledger), and the due occurrences of a monthly
// schedule that started two months ago posted from /Recurring.
import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

const stamp = Date.now().toString(36);
const STAFF = [
  { name: `Ayla ${stamp}`, salary: 1000 },
  { name: `Berk ${stamp}`, salary: 2000.5 },
  { name: `Cora ${stamp}`, salary: 3000 },
];
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
/** Last month, YYYY-MM: its salaries are dated its last day. */
const lastMonthDate = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const LAST_MONTH = `${lastMonthDate.getFullYear()}-${pad(lastMonthDate.getMonth() + 1)}`;
/** The first day of the month two months ago: a monthly schedule from it has three days due. */
const twoAgo = new Date(now.getFullYear(), now.getMonth() - 2, 1);
const STARTS = `${twoAgo.getFullYear()}-${pad(twoAgo.getMonth() + 1)}-01`;
const RETAINER = `Retainer ${stamp}`;

/** Employees without a monthly salary, paid by hand in PAST_LAST_MONTH (names sort together). */
const HOURLY = [
  { name: `Hourly ${stamp} A`, paid: 410.5 },
  { name: `Hourly ${stamp} B`, paid: 620 },
  { name: `Hourly ${stamp} C`, paid: 75.25 },
];
/** A month long past whose payroll this file posts and undoes again: nothing else looks at it. */
const PAST_MONTH = '2001-02';
const PAST_LAST_MONTH_DAY = '2001-01-31';

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const cells = (text: string) => row(text).locator('th, td').allTextContents();

beforeAll(async () => {
  call = await apiAs();
  // No other test closes the books for good, but this one must be able to post last month.
  await call('PUT', '/journal/closed', { closedThrough: null });
  for (const person of STAFF) {
    await call('POST', '/employees/addEmployee', {
      name: person.name,
      email: `${person.name.split(' ')[0]!.toLowerCase()}-${stamp}@e2e.local`,
      number: '0300',
      monthlySalary: person.salary,
    });
  }
  for (const person of HOURLY) {
    const added = await call<{ user: { id: number } }>('POST', '/employees/addEmployee', {
      name: person.name,
      email: `hourly-${person.name.slice(-1).toLowerCase()}-${stamp}@e2e.local`,
      number: '0300',
    });
    await call('POST', '/expance/addsalery', {
      employeeId: added.user.id,
      amount: person.paid,
      Creditdebit: 'Credit',
      description: 'Hours of January',
      date: PAST_LAST_MONTH_DAY,
    });
  }
  const client = await call<{ user: { id: number } }>('POST', '/clients/addClient', {
    name: `Client ${stamp}`,
    email: `client-${stamp}@e2e.local`,
    companyName: 'Retained Ltd',
  });
  await call('POST', '/recurring', {
    kind: 'income',
    partyId: client.user.id,
    creditDebit: 'Credit',
    amount: 500,
    description: RETAINER,
    repeats: 'monthly',
    starts: STARTS,
  });
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});
afterAll(() => browser.close());

beforeEach(() => {
  session.dialogs.length = 0;
});

describe('payroll', () => {
  it("posts a month's salaries once; the report and the journal agree", async () => {
    await page.getByRole('link', { name: 'Payroll', exact: true }).click();
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill(LAST_MONTH);
    // The month's own sheet: this month's rows can still be on screen just after the change.
    const lastMonthSheet = page.getByRole('table', { name: `Payroll ${LAST_MONTH}` });
    for (const person of STAFF) {
      await lastMonthSheet.getByLabel(`Pay ${person.name}`).waitFor();
      expect(await lastMonthSheet.getByLabel(`Pay ${person.name}`).isChecked()).toBe(true);
    }
    // The count and the total are shown first, and the run is asked about once; on a laptop's
    // 1366x768 both are in view as the screen opens, above the list of employees.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByText('Salaries to post: 3 · Total: RS: 6,000.50').waitFor();
    const post = page.getByRole('button', { name: 'Post payroll' });
    const box = await post.boundingBox();
    expect(box && box.y + box.height <= 768).toBe(true);
    const firstRow = await page.getByRole('table').locator('tbody tr').first().boundingBox();
    expect(box && firstRow && box.y < firstRow.y).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await post.click();
    await page.getByRole('button', { name: 'Post 3 salaries, RS: 6,000.50' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual([
      'Payroll posted: 3 salaries, RS: 6,000.50',
    ]);
    await page.getByText('1,000.00 (paid)').waitFor();

    // The journal of the run: its three salaries.
    await page.getByRole('link', { name: 'Entries of this payroll in the journal' }).click();
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    for (const person of STAFF) await row(person.name).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: stamp }).count()).toBe(3);

    // The report: each employee with exactly the salary posted.
    await page.goto('/EmployeesVsSalaryReport');
    await page.getByRole('heading', { name: 'Employees Vs Salary', level: 1 }).waitFor();
    await row(STAFF[2]!.name).waitFor();
    expect(await cells(STAFF[0]!.name)).toEqual([STAFF[0]!.name, '1,000.00']);
    expect(await cells(STAFF[1]!.name)).toEqual([STAFF[1]!.name, '2,000.50']);
    expect(await cells(STAFF[2]!.name)).toEqual([STAFF[2]!.name, '3,000.00']);

    // Run again: they show as paid, and nothing is posted twice.
    await page.goto(`/Payroll?month=${LAST_MONTH}`);
    await page.getByText('2,000.50 (paid)').waitFor();
    expect(await page.getByLabel(`Pay ${STAFF[1]!.name}`).isDisabled()).toBe(true);
    const sheet = await call<{ rows: Array<{ employeeId: number; name: string }> }>(
      'GET',
      `/payroll?month=${LAST_MONTH}`,
    );
    const mine = sheet.rows.filter((r) => r.name.endsWith(stamp));
    const again = await call<{ posted: number }>('POST', '/payroll', {
      month: LAST_MONTH,
      lines: mine.map((r) => ({ employeeId: r.employeeId, amount: 5 })),
    });
    expect(again.posted).toBe(0);
    await page.goto('/EmployeesVsSalaryReport');
    await row(STAFF[0]!.name).waitFor();
    expect(await cells(STAFF[0]!.name)).toEqual([STAFF[0]!.name, '1,000.00']);
  });
});

describe('payroll without retyping', () => {
  it("offers last month's pay to employees without a salary, posted with two clicks", async () => {
    await page.goto(`/Payroll?month=${PAST_MONTH}`);
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    for (const person of HOURLY) {
      const amount = page.getByLabel(`Amount for ${person.name}`);
      await amount.waitFor();
      expect(await amount.inputValue()).toBe(person.paid.toFixed(2));
      expect(await page.getByLabel(`Pay ${person.name}`).isChecked()).toBe(true);
      expect(await row(person.name).getByText('last month').count()).toBe(1);
    }

    // Typing an amount ticks Pay; emptying it unticks it.
    const [first, second, third] = HOURLY.map((person) => person.name);
    await page.getByLabel(`Amount for ${first}`).fill('');
    expect(await page.getByLabel(`Pay ${first}`).isChecked()).toBe(false);
    await page.getByLabel(`Amount for ${first}`).pressSequentially('410.50');
    expect(await page.getByLabel(`Pay ${first}`).isChecked()).toBe(true);

    // Tab goes from a row's Pay box to the next row's name and amount, past no Payslip button.
    await page.getByLabel(`Amount for ${first}`).focus();
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(`Pay ${first}`);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(second);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(`Amount for ${second}`);

    // Pay all: every payable row, then none.
    const all = page.getByLabel('Pay all');
    await all.check();
    expect(await page.getByLabel(`Pay ${third}`).isChecked()).toBe(true);
    await all.uncheck();
    for (const name of [first, second, third])
      expect(await page.getByLabel(`Pay ${name}`).isChecked()).toBe(false);

    // A fresh sheet: what is offered is what is posted, in two clicks (the sidebar, Post).
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.evaluate(() => {
      const counted = window as unknown as { clicks: number };
      counted.clicks = 0;
      document.addEventListener('click', () => (counted.clicks += 1), true);
    });
    await page.getByRole('link', { name: 'Payroll', exact: true }).click();
    // The dashboard's month cards are labelled with "month" too: the field is read on the Payroll
    // screen, once it is drawn.
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill(PAST_MONTH);
    const pastSheet = page.getByRole('table', { name: `Payroll ${PAST_MONTH}` });
    await pastSheet.getByLabel(`Pay ${third}`).waitFor();
    expect(await pastSheet.getByLabel(`Pay ${third}`).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Post payroll' }).click();
    await page.getByRole('button', { name: /^Post \d+ salar/ }).click();
    const [posted] = await dialogCount(session.dialogs, 1);
    expect(posted).toMatch(/^Payroll posted: \d+ salaries, RS: /);
    // The Payroll link, Post payroll and its one question.
    expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(3);

    const sheet = await call<{
      rows: Array<{ name: string; paid: number; paidByPayroll: boolean }>;
    }>('GET', `/payroll?month=${PAST_MONTH}`);
    expect(
      sheet.rows
        .filter((one) => one.name.startsWith(`Hourly ${stamp}`))
        .map((one) => [one.name, one.paid, one.paidByPayroll]),
    ).toEqual(HOURLY.map((person) => [person.name, person.paid, true]));

    // The run is undone again, so that the long-past month holds nothing.
    const link = page.getByRole('link', { name: 'Entries of this payroll in the journal' });
    const batchId = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get(
      'batchId',
    );
    await call('POST', `/batches/${batchId}/reverse`, { reason: 'Test run' });

    // Each name opens the employee's ledger.
    await page.getByRole('link', { name: first, exact: true }).click();
    await page.getByRole('heading', { name: 'Employee Ledger' }).waitFor();
    expect(new URL(page.url()).search).toMatch(/^\?employeeId=\d+$/);
  });
});

describe('repeating entries', () => {
  it('posts the due occurrences of a monthly schedule that started two months ago', async () => {
    await page.getByRole('link', { name: 'Recurring', exact: true }).click();
    await page.getByRole('heading', { name: 'Recurring', level: 1 }).waitFor();
    const due = page.getByRole('table', { name: 'Due' });
    await due.getByText(STARTS).waitFor();
    expect(await due.getByRole('row').filter({ hasText: RETAINER }).count()).toBe(3);
    await page.getByRole('button', { name: 'Post all due' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Entries posted: 3']);
    await due.getByText('Nothing is due.').waitFor();

    const journal = await call<{ entries: Array<{ description: string; date: string }> }>(
      'GET',
      `/journal?q=${encodeURIComponent(RETAINER)}`,
    );
    expect(journal.entries.map((entry) => entry.date).sort()[0]).toBe(STARTS);
    expect(journal.entries).toHaveLength(3);
  });
});
