// A month's payroll (issue 23) in Chromium against the built product: three employees posted
// from /Payroll, the count, the total and Post payroll in view above the list at 1366x768, and
// the journal of the run and the Employees Vs Salary report showing the same salaries.
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
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});
afterAll(() => browser.close());

describe('payroll', () => {
  it("posts a month's salaries; the report and the journal agree", async () => {
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
  });
});
