// Month end against the real API: a budget set in Settings is the one the Expances form, the
// dashboard and Budget vs actual measure this month's spending against, each its own remote.
// The rest of the month end (comparisons, aging, the checklist's close, the pack) is checked by
// the API tests (api/test/month-end*.test.ts) and the screens' own tests. The books-closed day
// is cleared first, as the other files that record entries do.
import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signInAt } from '../support/browser';
import type { Session } from '../support/browser';
import { addExpenseType, apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;

// A name unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const TRAVEL = `Travel ${stamp}`; // budget 100 a month: 60 + 70 this month takes it past

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const travel = await addExpenseType(call, TRAVEL);
  for (const amount of [60, 70])
    await call('POST', '/expance/addexpance', {
      expanceTypeId: travel,
      expanceTypeName: TRAVEL,
      amount,
      description: `travel ${stamp}`,
      Creditdebit: 'Credit',
    });

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signInAt(page, '/settings');
});

afterAll(() => browser?.close());

const row = (text: string) => page.getByRole('row').filter({ hasText: text });

describe('Month end against the real API', () => {
  it('a budget set in Settings is what the Expances form, the dashboard and Budget vs actual measure', async () => {
    // beforeAll opened the page there, signed in.
    await page.getByRole('tab', { name: 'Expenses' }).click();
    await page.getByRole('button', { name: `Set budget of ${TRAVEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Budget of ${TRAVEL}` });
    await dialog.getByLabel('Monthly budget').fill('100');
    await dialog.getByRole('button', { name: 'Save budget' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Budget saved']);
    await row(TRAVEL).getByText('100.00', { exact: true }).waitFor();

    await page.goto('/Expances');
    await page.getByRole('heading', { name: 'Add Expense', level: 1 }).waitFor();
    await page.getByRole('option', { name: TRAVEL }).waitFor({ state: 'attached' });
    await page.getByLabel('Expense Type').selectOption({ label: TRAVEL });
    await page
      .getByText('Over budget. Budget this month: RS: 130.00 of RS: 100.00 used (130.00%).')
      .waitFor();

    await page.goto('/');
    const over = page.getByRole('region', { name: 'Over budget this month' });
    await over.getByRole('link', { name: TRAVEL }).waitFor();
    expect(await over.textContent()).toContain(
      `${TRAVEL}: RS: 130.00 of RS: 100.00 (130.00% used)`,
    );

    await page.goto('/BudgetReport');
    await page.getByRole('heading', { name: 'Budget vs actual', level: 1 }).waitFor();
    await row(TRAVEL).waitFor();
    expect(await row(TRAVEL).locator('th, td').allTextContents()).toEqual([
      `${TRAVEL} Over budget`,
      '100.00',
      '130.00',
      '-30.00',
      '130.00%',
    ]);
  });
});
