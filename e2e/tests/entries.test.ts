// The Income, Expances and Salary forms against the real API: parties are created through the
// API, entries through the forms, and the dashboard's money cards must move by exactly what was
// recorded (Total Income counts Credit income only; a retried salary counts once).
import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

// Names unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const CLIENT = `Client ${stamp}`;
/** How the Income form's picker lists the client: `Name (Company)`. */
const CLIENT_OPTION = `${CLIENT} (E2E Ltd)`;
const EMPLOYEE = `Employee ${stamp}`;
const ACTIVE_TYPE = `Stationery ${stamp}`;
const SUSPENDED_TYPE = `Travel ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
const FIRST = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-01`;
const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
const LAST = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(lastDay)}`;

interface Finance {
  income: number;
  salary: number;
  expense: number;
}
let before: Finance;

const rs = (amount: number) =>
  `RS: ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  call = await apiAs();
  await call('POST', '/clients/addClient', {
    name: CLIENT,
    email: `client-${stamp}@e2e.local`,
    companyName: 'E2E Ltd',
  });
  await call('POST', '/employees/addEmployee', {
    name: EMPLOYEE,
    email: `employee-${stamp}@e2e.local`,
    number: '0300123456',
  });
  await call('POST', '/expance/addexpancetype', { expancetype: ACTIVE_TYPE });
  const travel = await call<{ user: { id: number } }>('POST', '/expance/addexpancetype', {
    expancetype: SUSPENDED_TYPE,
  });
  await call('PUT', `/expance/D_A_xpancetype/${travel.user.id}/Active`);
  before = await call<Finance>('GET', `/dashboard/finance?from=${FIRST}&to=${LAST}`);

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});
afterAll(() => browser.close());

beforeEach(() => {
  session.dialogs.length = 0;
});

async function open(link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

async function record(
  picker: string,
  party: string,
  creditDebit: string,
  amount: string,
  button: string,
) {
  await page.getByRole('option', { name: party }).waitFor({ state: 'attached' });
  await page.getByLabel(picker).selectOption({ label: party });
  await page.getByLabel('Credit/Debit').selectOption(creditDebit);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Description (optional)').fill(`e2e ${stamp}`);
  await page.getByRole('button', { name: button }).click();
}

/** Waits until the Amount field is empty, as the form leaves it after a recorded entry. */
async function amountEmptied() {
  const amount = await page.getByLabel('Amount').elementHandle();
  await page.waitForFunction((input) => (input as HTMLInputElement).value === '', amount);
}

const optionsOf = (label: string) => page.getByLabel(label).locator('option').allTextContents();

describe('entry forms against the real API', () => {
  it('should record a Credit and a Debit income and clear the form each time', async () => {
    await open('Income', 'Add Income');
    expect(await optionsOf('Credit/Debit')).toEqual(['Select Credit/Debit', 'Credit', 'Debit']);
    await record('Client', CLIENT_OPTION, 'Credit', '1000.25', 'Add Income');
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Income Added Successfully']);
    // The amount empties; the client stays chosen for the next entry, the keyboard on it. The
    // form is drawn empty once the alert is dismissed, so wait for that rather than read at once.
    await amountEmptied();
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    expect(await page.getByLabel('Client').inputValue()).not.toBe('');
    expect(await page.getByLabel('Client').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    await record('Client', CLIENT_OPTION, 'Debit', '500', 'Add Income');
    expect(await dialogCount(session.dialogs, 2)).toEqual([
      'Income Added Successfully',
      'Income Added Successfully',
    ]);
  });

  it('should offer only Active expense types and Credit only, and record an expense', async () => {
    await open('Expances', 'Add Expense');
    await page.getByRole('option', { name: ACTIVE_TYPE }).waitFor({ state: 'attached' });
    const types = await optionsOf('Expense Type');
    expect(types).toContain(ACTIVE_TYPE);
    expect(types).not.toContain(SUSPENDED_TYPE);
    expect(await optionsOf('Credit/Debit')).toEqual(['Select Credit/Debit', 'Credit']);

    await record('Expense Type', ACTIVE_TYPE, 'Credit', '200.75', 'Add Expense');
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Expense Added Successfully']);
  });

  it('should record a salary once when its response is lost and the user submits again', async () => {
    await open('Salary', 'Add Salary');
    expect(await optionsOf('Credit/Debit')).toEqual(['Select Credit/Debit', 'Credit']);
    // The server records the first request, but the browser never sees the answer.
    await page.route(
      '**/api/expance/addsalery',
      async (route) => {
        await route.fetch();
        await route.abort('failed');
      },
      { times: 1 },
    );
    await record('Employee', EMPLOYEE, 'Credit', '300.50', 'Add Salary');
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Error submitting Salary']);
    expect(await page.getByLabel('Amount').inputValue()).toBe('300.50');

    await page.getByRole('button', { name: 'Add Salary' }).click();
    expect(await dialogCount(session.dialogs, 2)).toEqual([
      'Error submitting Salary',
      'Salary Added Successfully',
    ]);
    await amountEmptied();
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
  });

  it("should show the entries in the dashboard's totals, income counting Credit only", async () => {
    await open('Dashboard', 'Dashboard');
    const expected: Array<[string, number]> = [
      ['Total Income', before.income + 1000.25],
      ['Total Salary', before.salary + 300.5],
      ['Total Expense', before.expense + 200.75],
    ];
    for (const [name, amount] of expected) {
      await page
        .getByRole('region', { name })
        .filter({ hasText: rs(amount) })
        .waitFor();
    }
  });
});
