// Settings on the real build: the admin's Company tab is a chunk of its own, fetched from the
// remote's address only when the tab is opened.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
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
