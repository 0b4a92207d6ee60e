// The clerk's routine of issue 32, by keyboard, shared by the end-to-end test and
// `npm run bench:clerk`: expenses typed into the Expances form one after another, counted the
// way a person's hands count them. Each key pressed is one keystroke (a character typed is one);
// a pop-up closed with Enter is one; picking a file in the browser's file dialog is counted as two
// (the name typed as one, Enter). Shift+Tab and pointer clicks are counted apart.
import type { Page } from 'playwright-core';

export interface Tally {
  keystrokes: number;
  shiftTabs: number;
  clicks: number;
}

export const newTally = (): Tally => ({ keystrokes: 0, shiftTabs: 0, clicks: 0 });

/** One expense as a clerk types it. */
export interface TypedExpense {
  /** Enough of the type's name for the browser's type-ahead to find it; '' keeps the last one. */
  typeAhead: string;
  amount: string;
  description: string;
  /** A receipt to attach, or none. */
  receipt?: { name: string; mimeType: string; buffer: Buffer };
}

/** Keys a person presses, counted. */
export class Hands {
  constructor(
    private readonly page: Page,
    readonly tally: Tally = newTally(),
  ) {}

  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      await this.page.keyboard.press(key);
      this.tally.keystrokes += 1;
      if (key === 'Shift+Tab') this.tally.shiftTabs += 1;
    }
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.tally.keystrokes += text.length;
  }

  /** A pop-up closed with Enter (the page's dialog handler accepts it). */
  alertClosed(): void {
    this.tally.keystrokes += 1;
  }

  /** A file picked in the browser's file dialog: the name typed, then Enter. */
  filePicked(): void {
    this.tally.keystrokes += 2;
  }
}

/** The label of the element that has the keyboard (its `<label>`'s text), or its tag. */
export const focusedLabel = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const id = active.id;
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return label?.textContent ?? active.tagName.toLowerCase();
  });

async function waitForFocusOn(page: Page, label: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await focusedLabel(page)) === label) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the keyboard is on "${await focusedLabel(page)}", not on "${label}"`);
}

/**
 * Types `expenses` into the Expances form, whose first field (Expense Type) has the keyboard.
 * After each save it waits for the confirmation (a pop-up, counted when `alerts`, or the notice)
 * and for the keyboard to be back on Expense Type, and reports where it was (`focusAfterSave`).
 * Field order: Expense Type, Credit/Debit, Amount, Description, Date (a Tab stop for each of its
 * parts in Chromium), Receipt, Take a photo, the button; Enter in a text field saves.
 */
export async function typeExpenses(
  page: Page,
  hands: Hands,
  expenses: TypedExpense[],
  confirmed: { dialogs: string[]; alerts: boolean },
): Promise<{ focusAfterSave: string[] }> {
  const focusAfterSave: string[] = [];
  for (const expense of expenses) {
    const newest = page
      .getByRole('region', { name: 'Just recorded' })
      .locator('tbody tr')
      .first()
      .locator('td')
      .first();
    // The list may be asked again at any moment: a read that finds no row is no row.
    const read = () => newest.textContent({ timeout: 200 }).catch(() => null);
    const before = await read();
    const alertsBefore = confirmed.dialogs.length;
    if (expense.typeAhead) await hands.type(expense.typeAhead);
    await hands.press('Tab', 2); // Credit/Debit (chosen already), Amount
    await hands.type(expense.amount);
    await hands.press('Tab'); // Account, with two money accounts or more; else Description
    // The account shown (the user's last for this type, else the default) is kept.
    if ((await focusedLabel(page)) === 'Account') await hands.press('Tab'); // Description
    await hands.type(expense.description);
    if (expense.receipt) {
      // Past the date (kept; Chromium stops on each of its parts) to Receipt, each Tab counted.
      const path: string[] = [];
      for (let i = 0; i < 8 && (await focusedLabel(page)) !== 'Receipt'; i += 1) {
        await hands.press('Tab');
        path.push(await focusedLabel(page));
      }
      const at = await focusedLabel(page);
      if (at !== 'Receipt') throw new Error(`Tab did not reach Receipt: ${path.join(' > ')}`);
      const chooser = page.waitForEvent('filechooser', { timeout: 3000 }).catch(() => null);
      await hands.press('Space');
      const dialog = await chooser;
      // Headless Chromium does not always open the dialog for a key: the files then go to the
      // input that has the keyboard, as the dialog would have put them.
      if (dialog) await dialog.setFiles(expense.receipt);
      else await page.locator(':focus').setInputFiles(expense.receipt);
      hands.filePicked();
      await hands.press('Tab', 2); // Take a photo, the button
    }
    await hands.press('Enter');
    if (confirmed.alerts) {
      const deadline = Date.now() + 10_000;
      while (confirmed.dialogs.length === alertsBefore && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      hands.alertClosed();
      // The page's handler closes the pop-up a moment later; keys sent before go nowhere.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Saved: the list under the form starts with a new entry.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const now = await read();
      if (now !== null && now !== before) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await waitForFocusOn(page, 'Expense Type').catch(() => undefined);
    focusAfterSave.push(await focusedLabel(page));
  }
  return { focusAfterSave };
}
