// Correcting an entry from the Journal in Chromium against the built product: one dialog with the
// entry's fields and the Reason focused, one press saves the reversal and the corrected entry
// together (at most 3 clicks, no browser pop-up), the receipts go with the corrected entry; a
// correction abandoned half-way (closed, or left for the Dashboard) changes nothing. A correction
// refused by the closed period: api/test/correct.test.ts (refused, nothing written) and
// CorrectDialog.test.tsx (the refusal shown in the dialog, which stays open).
import type { Browser, Page } from 'playwright-core';
import { baseUrl, dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { addExpenseType, apiAs, tokenFor, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const TYPE = `Correct type ${stamp}`;

const money = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

interface Row {
  id: number;
  amount: number;
  reversesId: number | null;
  reversedById: number | null;
  receipts: number;
}
interface Finance {
  expense: number;
}

let typeId: number;

const entriesOfType = () =>
  call<{ entries: Row[] }>('GET', `/journal?kind=expense&partyId=${typeId}&limit=50`).then(
    (answer) => answer.entries,
  );
const entry = async (id: number) => (await entriesOfType()).find((row) => row.id === id);

const expense = (amount: number, description: string) =>
  call<{ entry: { id: number } }>('POST', '/expance/addexpance', {
    expanceTypeId: typeId,
    amount,
    Creditdebit: 'Credit',
    description,
  }).then((answer) => answer.entry.id);

/** Attaches a PDF to an entry as the Journal's Attach receipt does (multipart). */
async function attachPdf(id: number, name: string): Promise<void> {
  const token = await tokenFor();
  const form = new FormData();
  form.append('receipt', new Blob([PDF], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseUrl()}/api/journal/${id}/receipts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

/** Counts the user's clicks on the page (mouse presses that reach the document). */
async function countClicks(page: Page) {
  await page.evaluate(() => {
    const counted = window as unknown as { clicks: number };
    counted.clicks = 0;
    document.addEventListener('click', () => (counted.clicks += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

beforeAll(async () => {
  call = await apiAs();
  typeId = await addExpenseType(call, TYPE);
  browser = await launch();
});
afterAll(async () => {
  await call('PUT', '/journal/closed', { closedThrough: null });
  await browser?.close();
});

async function journalOfType(): Promise<Session> {
  const session = await openPage(browser);
  await signIn(session.page);
  await session.page.goto(`/Journal?kind=expense&partyId=${typeId}`);
  return session;
}

/** Opens the row's actions menu and presses one of its actions. */
async function openRowAction(page: Page, id: number, action: 'Correct' | 'Reverse') {
  await page.getByRole('button', { name: `Actions for entry #${id}` }).click();
  await page.getByRole('button', { name: `${action} entry #${id}` }).click();
}

describe('correcting an entry', () => {
  it('corrects an amount from the Journal in at most 3 clicks and 1 dialog, its receipt carried', async () => {
    const id = await expense(100.25, 'Printer paper');
    await attachPdf(id, 'bill.pdf');
    const { page, context, dialogs } = await journalOfType();
    const actions = page.getByRole('button', { name: `Actions for entry #${id}` });
    await actions.waitFor();
    const clicks = await countClicks(page);

    // The row's menu, then Correct, then Save: three clicks.
    await actions.click();
    await page.getByRole('button', { name: `Correct entry #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct entry #${id}` });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('reason');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('100.25');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Printer paper');
    await page.keyboard.type('Typed the wrong amount');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('amount');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('80.05');
    await dialog.getByRole('button', { name: 'Save correction' }).click();

    const done = page.getByRole('status').filter({ hasText: 'Entry corrected' });
    await done.waitFor();
    const text = (await done.textContent()) ?? '';
    const [, reversalId, correctedId] = /reversed by #(\d+), recorded again as #(\d+)/
      .exec(text)!
      .map(Number);
    expect(text).toBe(
      `Entry corrected #${id}: reversed by #${reversalId}, recorded again as #${correctedId}`,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Focus is on the line that says what was written: moved there just after the line is drawn.
    await done.and(page.locator(':focus')).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text);
    expect(await clicks()).toBeLessThanOrEqual(3);
    expect(dialogs).toEqual([]);

    // The journal shows the three rows and totals to the cent.
    const table = page.getByRole('table', { name: 'Journal' });
    await table.getByText(`reversed by #${reversalId}`).waitFor();
    await table.getByText(`reverses #${id}`).waitFor();
    // The number's cell also holds the row's actions menu ("Actions for entry #…").
    await table.getByRole('cell', { name: new RegExp(`^#${correctedId}(\\s|$)`) }).waitFor();
    await page
      .getByRole('status', { name: 'Totals' })
      .getByText(`3 entries match · Credit RS: ${money(80.05)} · Debit RS: 0.00`)
      .waitFor();
    expect((await entriesOfType()).map((row) => [row.id, row.amount])).toEqual([
      [correctedId, 80.05],
      [reversalId, -100.25],
      [id, 100.25],
    ]);

    // The receipt is on the corrected entry.
    await table.getByRole('button', { name: `Receipt of entry #${correctedId}` }).click();
    const viewer = page.getByRole('dialog', { name: `Receipts of entry #${correctedId}` });
    await viewer.getByText('bill.pdf').first().waitFor();
    await context.close();
  });

  it('a correction closed half-way, or left for the Dashboard, leaves the entry as it was', async () => {
    const id = await expense(55.5, 'Taxi');
    const financeBefore = await call<Finance>('GET', '/dashboard/finance');
    const { page, context, dialogs } = await openPage(browser);
    await signIn(page);
    await page.getByRole('link', { name: 'Journal' }).click();
    await page.getByRole('heading', { name: 'Journal' }).waitFor();

    // Closed with the amount changed and a reason given.
    await openRowAction(page, id, 'Correct');
    let dialog = page.getByRole('dialog', { name: `Correct entry #${id}` });
    await dialog.getByLabel('Reason').fill('Wrong fare');
    await dialog.getByLabel('Amount').fill('5.55');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Left for the Dashboard (the browser's Back) with the dialog open.
    await openRowAction(page, id, 'Correct');
    dialog = page.getByRole('dialog', { name: `Correct entry #${id}` });
    await dialog.getByLabel('Reason').fill('Wrong fare');
    await dialog.getByLabel('Amount').fill('5.55');
    await page.goBack();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page
      .getByRole('region', { name: 'Total Expense' })
      .getByText(`RS: ${money(financeBefore.expense)}`)
      .waitFor();

    expect(await entry(id)).toMatchObject({ amount: 55.5, reversedById: null });
    expect(await entriesOfType().then((rows) => rows.filter((row) => row.id >= id))).toHaveLength(
      1,
    );
    expect(await call<Finance>('GET', '/dashboard/finance')).toEqual(financeBefore);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('Reverse asks for the reason in one dialog, focused, and nothing else', async () => {
    const id = await expense(9.99, 'Duplicate');
    const { page, context, dialogs } = await journalOfType();
    await openRowAction(page, id, 'Reverse');
    const dialog = page.getByRole('dialog', { name: `Reverse entry #${id}` });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('reason');
    await page.keyboard.type('Recorded twice');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await page.getByRole('table', { name: 'Journal' }).getByText(`reverses #${id}`).waitFor();
    // The pop-up is the browser's, told apart from the page: it may come a moment after the row.
    expect(await dialogCount(dialogs, 1)).toEqual(['Entry reversed']);
    await context.close();
  });
});
