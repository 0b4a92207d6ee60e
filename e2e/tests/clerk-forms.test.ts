// The clerk's day (issue 32) in Chromium against the real product: a week of expenses typed by
// keyboard alone, the keyboard back on the first field after every save (with a receipt too),
// the entries listed under the form, the preference "Confirm saves with a notice instead of a
// pop-up" on and off (for refusals too), and a just-recorded entry corrected in place.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn, type Session } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';
import { Hands, focusedLabel, typeExpenses, type TypedExpense } from '../support/clerk';

let browser: Browser;
let admin: ApiCall;
let session: Session;
let page: Page;

const stamp = Date.now().toString(36);
const CLERK = { email: `clerk-${stamp}@e2e.local`, password: 'clerk-e2e-password-1' };
// Type-ahead finds them by these prefixes (no other type starts so).
const FUEL = `Qf${stamp} Fuel`;
const PAPER = `Qp${stamp} Paper`;
const CLIENT = `Qc${stamp} Client`;

const PDF = Buffer.from('%PDF-1.4\n% receipt\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  admin = await apiAs();
  await admin('POST', '/users/register', { name: 'Clerk', ...CLERK, role: 'staff' });
  await admin('POST', '/expance/addexpancetype', { expancetype: FUEL });
  await admin('POST', '/expance/addexpancetype', { expancetype: PAPER });
  const client = await admin<{ user: { id: number } }>('POST', '/clients/addClient', {
    name: CLIENT,
    email: `client-${stamp}@e2e.local`,
    companyName: 'Clerk Ltd',
  });
  await admin('POST', '/incoms/addIncome', {
    clientId: client.user.id,
    amount: 12500.5,
    Creditdebit: 'Debit',
  });
  browser = await launch();
  session = await openPage(browser, { width: 1366, height: 768 });
  page = session.page;
  await signIn(page, CLERK);
});
afterAll(() => browser.close());

const setNotice = async (on: boolean) => {
  const clerk = await apiAs(CLERK);
  await clerk('PUT', '/account/preferences', { confirmWithNotice: on });
};

/** Opens a screen from the sidebar, as a clerk does. */
async function fromSidebar(link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const week: TypedExpense[] = [
  { typeAhead: 'Qf', amount: '1,250', description: 'diesel' },
  {
    typeAhead: '',
    amount: '800.50',
    description: 'petrol',
    receipt: { name: 'fuel.pdf', mimeType: 'application/pdf', buffer: PDF },
  },
  { typeAhead: 'Qp', amount: '12,500.75', description: 'paper' },
  { typeAhead: '', amount: '99', description: 'toner' },
  { typeAhead: 'Qf', amount: '2,000', description: 'diesel' },
  {
    typeAhead: 'Qp',
    amount: '45.5',
    description: 'pens',
    receipt: { name: 'pens.pdf', mimeType: 'application/pdf', buffer: PDF },
  },
  { typeAhead: 'Qf', amount: '1,000.25', description: 'petrol' },
  { typeAhead: '', amount: '300', description: 'oil' },
];

describe('the clerk’s day', () => {
  it('offers "Skip to content" first, and puts the keyboard on the form after the sidebar', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await fromSidebar('Expances', 'Add Expense');
    const deadline = Date.now() + 5000;
    while ((await focusedLabel(page)) !== 'Expense Type' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await focusedLabel(page)).toBe('Expense Type');
    expect(await page.getByLabel('Credit/Debit').inputValue()).toBe('Credit');
  });

  it('records 8 expenses by keyboard alone, the keyboard back on the first field after each save', async () => {
    session.dialogs.length = 0;
    const hands = new Hands(page);
    const { focusAfterSave } = await typeExpenses(page, hands, week, {
      dialogs: session.dialogs,
      alerts: true,
    });
    expect(focusAfterSave).toEqual(Array(8).fill('Expense Type'));
    expect(session.dialogs).toEqual(Array(8).fill('Expense Added Successfully'));
    expect(hands.tally.shiftTabs).toBe(0);
    expect(hands.tally.keystrokes).toBeLessThanOrEqual(240);
    // The week is under the form, newest first, with the receipts counted.
    const rows = page.getByRole('region', { name: 'Just recorded' }).locator('tbody tr');
    await rows.nth(7).waitFor();
    // Party, Credit/Debit, Amount, Account (the default: Cash), Receipts.
    const cells = async (n: number) =>
      (await rows.nth(n).locator('td').allTextContents()).filter((_, i) =>
        [2, 3, 4, 5, 7].includes(i),
      );
    expect(await rows.count()).toBe(8);
    expect(await cells(0)).toEqual([FUEL, 'Credit', 'RS: 300.00', 'Cash', '0']);
    expect(await cells(2)).toEqual([PAPER, 'Credit', 'RS: 45.50', 'Cash', '1']);
    expect(await cells(5)).toEqual([PAPER, 'Credit', 'RS: 12,500.75', 'Cash', '0']);
    expect(await cells(6)).toEqual([FUEL, 'Credit', 'RS: 800.50', 'Cash', '1']);
    // Stored as typed, separators read as thousands.
    const stored = await admin<{ entries: Array<{ amount: number }> }>(
      'GET',
      `/journal?kind=expense&q=${encodeURIComponent(`Qp${stamp}`)}`,
    );
    expect(stored.entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([
      45.5, 99, 12500.75,
    ]);
  });

  it('confirms with a notice on the page when the preference is on, and with the pop-up when off', async () => {
    // Turned on in My account.
    await fromSidebar('My account', 'My account');
    const box = page.getByRole('checkbox', {
      name: 'Confirm saves with a notice instead of a pop-up',
    });
    await box.check();
    await page.getByText('Preferences saved').waitFor();

    session.dialogs.length = 0;
    // The form reads the preference when it opens.
    const read = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/account/preferences'),
    );
    await fromSidebar('Expances', 'Add Expense');
    await read;
    const hands = new Hands(page);
    const deadline = Date.now() + 5000;
    while ((await focusedLabel(page)) !== 'Expense Type' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await focusedLabel(page)).toBe('Expense Type');
    await typeExpenses(page, hands, [{ typeAhead: 'Qf', amount: '12,500.50', description: 'x' }], {
      dialogs: session.dialogs,
      alerts: false,
    });
    const notice = page.locator('[aria-live="polite"]').filter({ hasText: 'Expense Added' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /^Expense Added Successfully\. No\. \d+, RS: 12,500\.50\.$/,
    );
    expect(session.dialogs).toEqual([]);
    expect(await focusedLabel(page)).toBe('Expense Type');
    // A refusal is said on the page too, with no pop-up.
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await page
      .locator('form [role="alert"]')
      .filter({ hasText: /^Please fill all fields$/ })
      .waitFor();
    expect(session.dialogs).toEqual([]);
    expect(await focusedLabel(page)).toBe('Amount');

    // Off again: the spec's pop-up.
    await setNotice(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Add Expense' }).waitFor();
    // Type-ahead finds only what the picker lists: the types first.
    await page.getByRole('option', { name: PAPER }).waitFor({ state: 'attached' });
    await page.getByLabel('Expense Type').focus();
    await typeExpenses(
      page,
      new Hands(page),
      [{ typeAhead: 'Qp', amount: '5', description: 'y' }],
      {
        dialogs: session.dialogs,
        alerts: true,
      },
    );
    expect(session.dialogs).toEqual(['Expense Added Successfully']);
  });

  it('corrects a just-recorded entry in place, in one dialog, and then lists the corrected entry', async () => {
    session.dialogs.length = 0;
    await fromSidebar('Expances', 'Add Expense');
    const section = page.getByRole('region', { name: 'Just recorded' });
    const newest = section.locator('tbody tr').first();
    await newest.waitFor();
    const id = ((await newest.locator('td').first().textContent()) ?? '').replace('#', '');
    await section.getByRole('button', { name: `Correct entry #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct entry #${id}` });
    await dialog.waitFor();
    expect(await focusedLabel(page)).toBe('Reason');
    await page.keyboard.type('a digit short');
    const amount = dialog.getByLabel('Amount');
    await amount.fill('1234567.5');
    await amount.press('Tab');
    expect(await amount.inputValue()).toBe('1,234,567.50');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    const said = section.getByText(new RegExp(`^Entry corrected #${id}: reversed by #\\d+`));
    await said.waitFor();
    const [, reversal, corrected] =
      /reversed by #(\d+), recorded again as #(\d+)$/.exec((await said.textContent()) ?? '') ?? [];
    // The list shows the corrected entry first, and the one it replaces as reversed.
    await section.getByRole('cell', { name: `#${corrected}`, exact: true }).waitFor();
    expect((await newest.locator('td').allTextContents()).slice(0, 5)).toEqual([
      `#${corrected}`,
      expect.any(String),
      PAPER,
      'Credit',
      'RS: 1,234,567.50',
    ]);
    await section.getByText(`Reversed by #${reversal}`, { exact: true }).waitFor();
    expect(await section.getByRole('button', { name: `Correct entry #${id}` }).count()).toBe(0);
    expect(session.dialogs).toEqual([]);
    // Stored exact, and the entry corrected is reversed.
    const stored = await admin<{
      entries: Array<{ id: number; amount: number; reversedById: number | null }>;
    }>('GET', `/journal?kind=expense&q=${encodeURIComponent(`Qp${stamp}`)}`);
    const byId = new Map(stored.entries.map((entry) => [String(entry.id), entry]));
    expect(byId.get(String(corrected))?.amount).toBe(1234567.5);
    expect(byId.get(id)?.reversedById).toBe(Number(reversal));
  });

  it('shows the client as Name (Company) and their balance beside the picker', async () => {
    await fromSidebar('Income', 'Add Income');
    await page.getByLabel('Client').selectOption({ label: `${CLIENT} (Clerk Ltd)` });
    await page.getByText('Balance: RS: 12,500.50 (owes us)').waitFor();
    expect(
      await page
        .getByText('Debit: an invoice, the client owes. Credit: a payment received.')
        .count(),
    ).toBe(1);
  });
});
