// Accessibility that only a browser can compute, on every route once, in the light colour scheme
// and in the dark one: contrast (of text, and of links within text), targets' sizes, scrolling
// regions reachable by keyboard, and the page around each screen (landmarks, one main heading,
// the skip link). Each screen's markup (names, roles, labels, ARIA) is checked by axe in its
// component test (axeViolations in shared-ui/testing); focus in dialogs by dialogs.test.ts.
import { readFileSync } from 'node:fs';
import type Axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { launch, openPage, signIn, type Session } from '../support/browser';
import { ADMIN } from '../support/env';

/** What depends on colours: checked in both schemes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** What depends on layout and on the page as a whole: checked once, in the light scheme. */
const PAGE_RULES = [
  ...COLOUR_RULES,
  'target-size',
  'scrollable-region-focusable',
  'region',
  'bypass',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'page-has-heading-one',
  'heading-order',
  'document-title',
  'html-has-lang',
  'meta-viewport',
];

let browser: Browser;
let session: Session;
let page: Page;
let account: { id: number; name: string };

beforeAll(async () => {
  browser = await launch();
  const admin = await apiAs();
  const { accounts } = await admin<{ accounts: { id: number; name: string }[] }>(
    'GET',
    '/accounts',
  );
  account = accounts[0]!;
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});
afterAll(async () => {
  await session.context.close();
  await browser.close();
});

/** axe-core's script, put into a page once per load (the screens change without a reload). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function violations(rules: string[], include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ rules, include }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const context = include ? document.querySelector(include)! : document;
      const result = await axe.run(context, {
        runOnly: { type: 'rule', values: rules },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { rules, include },
  );
}

/** The colour scheme each page is in now: a page starts in the light one. */
const schemes = new WeakMap<Page, 'light' | 'dark'>();

/**
 * The page's rules in the light scheme and its colours in the dark one, starting with the scheme
 * the page is in and leaving it in the other: each switch makes Chromium work out every style
 * and paint the page again, and switching back after every route was a third of them for nothing.
 */
async function bothSchemes(rules = PAGE_RULES, include?: string) {
  const found = { light: [] as string[], dark: [] as string[] };
  const order =
    schemes.get(page) === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const colorScheme of order) {
    if ((schemes.get(page) ?? 'light') !== colorScheme) {
      await page.emulateMedia({ colorScheme });
      schemes.set(page, colorScheme);
    }
    found[colorScheme] = await violations(colorScheme === 'light' ? rules : COLOUR_RULES, include);
  }
  return found;
}

/**
 * Moves the signed-in page to `path` as a link inside the application does (no reload, so the
 * shell and axe stay loaded), then waits until the screen shows its main heading and has
 * finished loading.
 */
async function visit(path: string, heading: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .locator('main h1')
    .filter({ hasText: new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .waitFor();
  await page.getByText('Loading...').first().waitFor({ state: 'detached' });
}

/** Every route of the spec and of the signed-in shell, with its main heading. */
const ROUTES: [string, string][] = [
  ['/', 'Dashboard'],
  ['/Users', 'Users'],
  ['/Employees', 'Employees'],
  ['/Clients', 'Clients'],
  ['/Income', 'Add Income'],
  ['/Expances', 'Add Expense'],
  ['/Salary', 'Add Salary'],
  ['/Journal', 'Journal'],
  ['/Import', 'Import'],
  ['/Payroll', 'Payroll'],
  ['/Recurring', 'Recurring'],
  ['/Accounts', 'Accounts'],
  ['/Accounts/:id', ':account'],
  ['/Accounts/:id/reconcile', 'Reconcile :account'],
  ['/IncomeReport', 'Income Report'],
  ['/FinanceReport', 'Finance Report'],
  ['/ExpenseVsTypeReport', 'Expense Vs Type'],
  ['/EmployeesVsSalaryReport', 'Employees Vs Salary'],
  ['/ClientsVsSales', 'Clients Vs Sales'],
  ['/ClientLedgerPage', 'Client Ledger'],
  ['/EmployeeLedgerPage', 'Employee Ledger'],
  ['/ExpenseLedgerPage', 'Expense Ledger'],
  ['/YearlyReportPage', 'Yearly Report'],
  ['/BudgetReport', 'Budget vs actual'],
  ['/ReceivablesReport', 'Receivables'],
  ['/MonthEnd', 'Month end'],
  ['/Vouchers', 'Vouchers'],
  ['/TrialBalance', 'Trial balance'],
  ['/BalanceSheet', 'Balance sheet'],
  ['/ProfitLoss', 'Profit and loss (accrual basis)'],
  ['/GeneralLedger', 'General ledger'],
  ['/settings', 'Settings'],
  ['/ChartOfAccounts', 'Chart of accounts'],
  ['/Activity', 'Activity'],
  ['/Account', 'My account'],
  ['/no/such/page', 'Page not found'],
];

describe('every route, light and dark', () => {
  it.each(ROUTES)('%s', async (route, heading) => {
    await visit(
      route.replace(':id', String(account.id)),
      heading.replace(':account', account.name),
    );
    expect(await bothSchemes()).toEqual({ light: [], dark: [] });
  });

  it('the Edit dialog', async () => {
    await visit('/Users', 'Users');
    await page.getByRole('tab', { name: 'Update User' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(ADMIN.email);
    const row = page.getByRole('row').filter({ hasText: ADMIN.email });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    expect(await bothSchemes(COLOUR_RULES, 'dialog')).toEqual({ light: [], dark: [] });
  });

  it('the login page', async () => {
    const signedOut = await openPage(browser);
    try {
      page = signedOut.page;
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await bothSchemes()).toEqual({ light: [], dark: [] });
    } finally {
      page = session.page;
      await signedOut.context.close();
    }
  });
});
