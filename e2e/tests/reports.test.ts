// Every report and ledger against the real API. Parties and entries are created through the API
// with amounts chosen so that each figure can be worked out by hand; figures that other test
// files also move (this month's totals) are checked as "what the API said before + what this
// file added". Entries are dated by the server, so they all fall on today.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { downloaded, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { apiAs, cents, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

// Names unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const BILLED = `Billed ${stamp}`; // billed 1000 and 250.25, paid 400.10
const PREPAID = `Prepaid ${stamp}`; // paid 300 with nothing billed
const EMPLOYEE = `Payee ${stamp}`; // salary 700.50 and 299.50
const RENT = `Rent ${stamp}`; // 120.40 and 79.60
const TEA = `Tea ${stamp}`; // 50.05

/** What this file adds to this month: Credit income only counts as income (docs/architecture.md#domain-rules). */
const ADDED = { income: 700.1, salary: 1000, expense: 250.05 };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const TODAY = iso(now);
const YESTERDAY = iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
const YEAR = now.getFullYear();
const MONTH = now.getMonth() + 1;
/** English month name, as the Yearly Report shows it. */
const monthName = (month: number) =>
  new Date(2000, month - 1, 1).toLocaleString('en-US', { month: 'long' });

const plus = (a: number, b: number) => (cents(a) + cents(b)) / 100;
const money = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface YearlyRow {
  month: number;
  income: number;
  salary: number;
  expense: number;
  pending: number;
}
interface Finance {
  income: number;
  salary: number;
  expense: number;
}
let yearlyBefore: YearlyRow[];
let financeBefore: Finance;
let incomeTodayBefore: number;

async function addParty(path: string, body: Record<string, unknown>): Promise<number> {
  return (await call<{ user: { id: number } }>('POST', path, body)).user.id;
}

async function addExpenseType(name: string): Promise<number> {
  await call('POST', '/expance/addexpancetype', { expancetype: name });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const found = users.find((type) => type.expancetype === name);
  if (!found) throw new Error(`expense type ${name} was not listed`);
  return found.id;
}

beforeAll(async () => {
  call = await apiAs();
  yearlyBefore = await call<YearlyRow[]>('GET', `/dashboard/yearly?year=${YEAR}`);
  financeBefore = await call<Finance>('GET', '/dashboard/finance');
  const incomeRows = await call<Array<{ date: string; totalIncome: number }>>(
    'GET',
    '/dashboard/getIncomeReport',
  );
  incomeTodayBefore = incomeRows.find((row) => row.date === TODAY)?.totalIncome ?? 0;

  const billed = await addParty('/clients/addClient', {
    name: BILLED,
    email: `billed-${stamp}@e2e.local`,
    companyName: 'Billed Ltd',
  });
  const prepaid = await addParty('/clients/addClient', {
    name: PREPAID,
    email: `prepaid-${stamp}@e2e.local`,
    companyName: 'Prepaid Ltd',
  });
  const employee = await addParty('/employees/addEmployee', {
    name: EMPLOYEE,
    email: `payee-${stamp}@e2e.local`,
    number: '0300123',
  });
  const rent = await addExpenseType(RENT);
  const tea = await addExpenseType(TEA);

  const income = (clientId: number, clientName: string, amount: number, Creditdebit: string) =>
    call('POST', '/incoms/addIncome', {
      clientId,
      clientName,
      amount,
      description: `${Creditdebit} ${amount}`,
      Creditdebit,
    });
  // In order: the ledger lists entries of one day by their order of entry.
  await income(billed, BILLED, 1000, 'Debit');
  await income(billed, BILLED, 400.1, 'Credit');
  await income(billed, BILLED, 250.25, 'Debit');
  await income(prepaid, PREPAID, 300, 'Credit');
  for (const amount of [700.5, 299.5]) {
    await call('POST', '/expance/addsalery', {
      employeeId: employee,
      employeeName: EMPLOYEE,
      amount,
      description: 'Salary',
      Creditdebit: 'Credit',
    });
  }
  for (const [id, name, amount] of [
    [rent, RENT, 120.4],
    [rent, RENT, 79.6],
    [tea, TEA, 50.05],
  ] as const) {
    await call('POST', '/expance/addexpance', {
      expanceTypeId: id,
      expanceTypeName: name,
      amount,
      description: `${name}, part`,
      Creditdebit: 'Credit',
    });
  }

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});
afterAll(() => browser.close());

beforeEach(() => {
  session.dialogs.length = 0;
});

/** Opens a report by its route, as a bookmark or the sidebar would. */
async function open(path: string, title: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const cells = (text: string) => row(text).locator('th, td').allTextContents();
const table = () => page.getByRole('table');
/** The totals row ("Total" alone would also match the header "Total Debit"). */
const totals = () => table().locator('tfoot tr').locator('th, td').allTextContents();

async function downloadCsv(): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const file = await downloaded(download);
  return {
    name: download.suggestedFilename(),
    text: readFileSync(file, 'utf8').replace(/^\uFEFF/, ''),
  };
}

describe('Reports against the real API', () => {
  it('Clients Vs Sales nets Debit (billed) against Credit (paid) per client', async () => {
    // The totals row's sum is ClientsVsSalesPage.test.tsx's.
    await open('/ClientsVsSales', 'Clients Vs Sales');
    await row(BILLED).waitFor();
    expect(await cells(BILLED)).toEqual([BILLED, '1,250.25', '400.10', '850.15']);
    expect(await cells(PREPAID)).toEqual([PREPAID, '0.00', '300.00', '-300.00']);
  });

  it('Employees Vs Salary totals the salary paid to each employee', async () => {
    await open('/EmployeesVsSalaryReport', 'Employees Vs Salary');
    await row(EMPLOYEE).waitFor();
    expect(await cells(EMPLOYEE)).toEqual([EMPLOYEE, '1,000.00']);
    // Dates ending yesterday leave out today's salary.
    await page.getByLabel('End Date').fill(YESTERDAY);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText(`Period: the beginning to ${YESTERDAY}`).waitFor();
    // The period changes at once; the table shows no row of anyone until its answer is in.
    await page
      .getByRole('table', { name: 'Employees Vs Salary', exact: true })
      .and(page.locator(':not([aria-busy])'))
      .waitFor();
    expect(await row(EMPLOYEE).count()).toBe(0);
  });

  it('Expense Vs Type totals this month per type and charts the shares on request', async () => {
    await open('/ExpenseVsTypeReport', 'Expense Vs Type');
    await row(RENT).waitFor();
    expect(await cells(RENT)).toEqual([RENT, '200.00']);
    expect(await cells(TEA)).toEqual([TEA, '50.05']);
    await page.getByRole('button', { name: 'Show chart' }).click();
    const chart = page.getByRole('img', { name: /^Share of expense by type/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain(`${RENT} `);
  });

  it('Finance Report shows this month moved by exactly what was recorded', async () => {
    await open('/FinanceReport', 'Finance Report');
    const card = (name: string) => page.getByRole('region', { name });
    await card('Income')
      .getByText(`RS: ${money(plus(financeBefore.income, ADDED.income))}`)
      .waitFor();
    await card('Salary')
      .getByText(`RS: ${money(plus(financeBefore.salary, ADDED.salary))}`)
      .waitFor();
    await card('Expense')
      .getByText(`RS: ${money(plus(financeBefore.expense, ADDED.expense))}`)
      .waitFor();
  });

  it('Income Report counts today the Credit income only', async () => {
    await open('/IncomeReport', 'Income Report');
    await row(TODAY).waitFor();
    expect(await cells(TODAY)).toEqual([TODAY, money(plus(incomeTodayBefore, ADDED.income))]);
  });

  it('System Totals shows the head-counts', async () => {
    const totals = await call<{ admins: number; employees: number; clients: number }>(
      'GET',
      '/dashboard/totals',
    );
    await open('/TotalsReport', 'System Totals');
    for (const [name, value] of [
      ['Admins', totals.admins],
      ['Employees', totals.employees],
      ['Clients', totals.clients],
    ] as const) {
      await page.getByRole('region', { name }).getByText(String(value), { exact: true }).waitFor();
    }
  });

  it('Yearly Report puts the entries in this month and offers five years', async () => {
    await open('/YearlyReportPage', 'Yearly Report');
    const picker = page.getByLabel('Year', { exact: true });
    expect(await picker.locator('option').allTextContents()).toEqual(
      [0, 1, 2, 3, 4].map((back) => String(YEAR - back)),
    );
    const name = monthName(MONTH);
    await row(name).waitFor();
    const before = yearlyBefore.find((r) => r.month === MONTH) as YearlyRow;
    const income = plus(before.income, ADDED.income);
    const salary = plus(before.salary, ADDED.salary);
    const expense = plus(before.expense, ADDED.expense);
    const profit = (cents(income) - cents(salary) - cents(expense)) / 100;
    expect(await cells(name)).toEqual([
      name,
      money(income),
      money(salary),
      money(expense),
      money(profit),
    ]);
    // All twelve months, untouched ones as before, and the header and totals rows.
    expect(await table().getByRole('row').count()).toBe(14);
    const other = yearlyBefore.find((r) => r.month !== MONTH) as YearlyRow;
    expect(await cells(monthName(other.month))).toEqual([
      monthName(other.month),
      money(other.income),
      money(other.salary),
      money(other.expense),
      money(other.pending),
    ]);

    await picker.selectOption(String(YEAR - 4));
    await page.getByText(`Period: Year ${YEAR - 4}`).waitFor();
    // The period line changes with the picker; the year's figures follow once they are read.
    await table()
      .locator('tfoot tr')
      .filter({ hasText: /^Total\s*0\.00\s*0\.00\s*0\.00\s*0\.00$/ })
      .waitFor();
    expect(await totals()).toEqual(['Total', '0.00', '0.00', '0.00', '0.00']);
  });

  it('Client Ledger lists the entries of the client chosen with balances and totals', async () => {
    // Get Ledger without a client: ClientLedgerPage.test.tsx.
    await open('/ClientLedgerPage', 'Client Ledger');
    await page
      .getByLabel('Client', { exact: true })
      .selectOption({ label: `${BILLED} (Billed Ltd)` });
    await page.getByRole('button', { name: 'Get Ledger' }).click();
    await row('Closing totals').waitFor();
    const rows = await table()
      .getByRole('row')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent)),
      );
    expect(rows).toEqual([
      ['Date', 'Client', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '0.00'],
      [TODAY, BILLED, 'Debit 1000', '1,000.00', '', '1,000.00'],
      [TODAY, BILLED, 'Credit 400.1', '', '400.10', '599.90'],
      [TODAY, BILLED, 'Debit 250.25', '250.25', '', '850.15'],
      ['Closing totals', '', '', '1,250.25', '400.10', '850.15'],
    ]);

    expect(await downloadCsv()).toEqual({
      name: 'client-ledger.csv',
      text:
        'Date,Client,Description,Debit,Credit,Balance\r\n' +
        'Opening balance,,,,,0.00\r\n' +
        `${TODAY},${BILLED},Debit 1000,1000.00,,1000.00\r\n` +
        `${TODAY},${BILLED},Credit 400.1,,400.10,599.90\r\n` +
        `${TODAY},${BILLED},Debit 250.25,250.25,,850.15\r\n` +
        'Closing totals,,,1250.25,400.10,850.15\r\n',
    });

    // A range that ends yesterday holds none of today's entries.
    await page.getByLabel('Start Date').fill(YESTERDAY);
    await page.getByLabel('End Date').fill(YESTERDAY);
    await page.getByRole('button', { name: 'Get Ledger' }).click();
    await table().getByText('No Records Found').waitFor();
  });

  it('Employee Ledger adds up the salary paid to the employee chosen', async () => {
    // Get Ledger without an employee: EmployeeLedgerPage.test.tsx.
    await open('/EmployeeLedgerPage', 'Employee Ledger');
    await page.getByLabel('Employee', { exact: true }).selectOption({ label: EMPLOYEE });
    await page.getByRole('button', { name: 'Get Ledger' }).click();
    await row('Closing totals').waitFor();
    expect(await cells('Opening balance')).toEqual(['Opening balance', '', '', '', '', '0.00']);
    expect(await cells('Closing totals')).toEqual([
      'Closing totals',
      '',
      '',
      '0.00',
      '1,000.00',
      '1,000.00',
    ]);
  });

  it('Expense Ledger shows this month at once and filters by both dates', async () => {
    await open('/ExpenseLedgerPage', 'Expense Ledger');
    await row(TEA).waitFor();
    expect(await cells(TEA)).toEqual(
      expect.arrayContaining([TODAY, TEA, `${TEA}, part`, '', '50.05']),
    );
    const csv = await downloadCsv();
    expect(csv.name).toBe('expense-ledger.csv');
    expect(csv.text).toContain(`${TODAY},${RENT},"${RENT}, part",,120.40,`);

    await page.getByLabel('Start Date').fill(YESTERDAY);
    await page.getByLabel('End Date').fill(YESTERDAY);
    await page.getByRole('button', { name: 'Get Ledger' }).click();
    await page.getByText(`Period: ${YESTERDAY} to ${YESTERDAY}`).waitFor();
    await table().getByText('No Records Found').waitFor();
  });
});
