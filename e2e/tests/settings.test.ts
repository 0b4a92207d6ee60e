import type { Browser, Page } from 'playwright-core';
import { dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';

let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
});
afterAll(() => browser.close());

beforeEach(() => {
  session.dialogs.length = 0;
  session.confirmAnswer.value = true;
});

// Names unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);
const NAME = `Rent ${stamp}`;
const RENAMED = `Office rent ${stamp}`;
const row = (name: string) => page.getByRole('row').filter({ hasText: name });

describe('Settings: expense types against the real API', () => {
  it('should add an Active type and clear the input', async () => {
    await page.getByLabel('Expense Type', { exact: true }).fill(NAME);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Expense added successfully!']);
    await row(NAME).getByRole('cell', { name: 'Active' }).waitFor();
    expect(await page.getByLabel('Expense Type', { exact: true }).inputValue()).toBe('');
  });

  it('should rename inline, refusing an empty value', async () => {
    await row(NAME).getByRole('button', { name: 'Edit' }).click();
    const input = page.getByRole('textbox', { name: `New name for ${NAME}` });
    await input.fill('');
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual(['Enter a value']);
    await input.fill(RENAMED);
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await dialogCount(session.dialogs, 2)).toEqual([
      'Enter a value',
      'Expense updated successfully!',
    ]);
    await row(RENAMED).waitFor();
  });

  it('should suspend and activate after confirmation, and do nothing when declined', async () => {
    session.confirmAnswer.value = false;
    await row(RENAMED).getByRole('button', { name: 'Suspend' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual([
      'Are you sure you want to suspend this expense?',
    ]);
    expect(await row(RENAMED).getByRole('cell', { name: 'Active' }).count()).toBe(1);

    session.confirmAnswer.value = true;
    await row(RENAMED).getByRole('button', { name: 'Suspend' }).click();
    await row(RENAMED).getByRole('cell', { name: 'Suspended' }).waitFor();
    await row(RENAMED).getByRole('button', { name: 'Activate' }).click();
    await row(RENAMED).getByRole('cell', { name: 'Active' }).waitFor();
    expect(session.dialogs).toEqual([
      'Are you sure you want to suspend this expense?',
      'Are you sure you want to suspend this expense?',
      'Are you sure you want to activate this expense?',
    ]);
  });

  it('should delete after confirmation without a message', async () => {
    session.confirmAnswer.value = false;
    await row(RENAMED).getByRole('button', { name: 'Delete' }).click();
    await dialogCount(session.dialogs, 1);
    expect(await row(RENAMED).count()).toBe(1);

    session.confirmAnswer.value = true;
    await row(RENAMED).getByRole('button', { name: 'Delete' }).click();
    await row(RENAMED).waitFor({ state: 'detached' });
    expect(session.dialogs).toEqual([
      'Are you sure you want to delete this expense?',
      'Are you sure you want to delete this expense?',
    ]);
  });
});

describe('Settings: the Company tab', () => {
  it("should load the admin's Company tab on demand and show the company form", async () => {
    const companyChunk = page.waitForResponse(
      (response) =>
        /\/remotes\/mf-settings\/.*\.js$/.test(response.url()) && response.status() === 200,
    );
    await page.getByRole('tab', { name: 'Company' }).click();
    await companyChunk;
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Logo (PNG or JPEG, at most 40 KB)').count()).toBe(1);
  });
});
