// Activity on the real build: an admin ending a staff user's sessions from Open sessions, and
// that user's next click, in a tab of their own, landing on the login page.
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { dialogCount, launch, openPage, signIn } from '../support/browser';

let browser: Browser;
const stamp = Date.now().toString(36);
const STAFF = { email: `sam.${stamp}@example.com`, password: 'sam-staff-password' };

beforeAll(async () => {
  browser = await launch();
  const admin = await apiAs();
  await admin('POST', '/users/register', { name: `Sam Staff ${stamp}`, ...STAFF, role: 'staff' });
});
afterAll(() => browser.close());

async function openActivity(page: Page) {
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
}

describe('Activity for an admin', () => {
  it("should end a staff user's session so that their next click lands on the login page", async () => {
    const staff = await openPage(browser);
    const admin = await openPage(browser);
    try {
      await signIn(staff.page, STAFF);
      await signIn(admin.page);
      await openActivity(admin.page);
      await admin.page.getByRole('tab', { name: 'Open sessions' }).click();
      await admin.page
        .getByRole('button', { name: `End all sessions of ${STAFF.email}` })
        .first()
        .click();
      expect(await dialogCount(admin.dialogs, 2)).toEqual([
        "End all of this user's sessions? They will have to sign in again.",
        'Sessions ended',
      ]);
      // The list is read again after the alert: wait for that answer before counting.
      const staffRows = admin.page.getByRole('row').filter({ hasText: STAFF.email });
      await staffRows.first().waitFor({ state: 'detached' });
      expect(await staffRows.count()).toBe(0);

      await staff.page.getByRole('link', { name: 'Clients', exact: true }).click();
      await staff.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await staff.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    } finally {
      await staff.context.close();
      await admin.context.close();
    }
  });
});
