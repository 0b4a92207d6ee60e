// Activity on the real build: a client's company name change shown as before -> after and linked
// to the client; a failed sign-in with the e-mail tried; an admin ending a staff user's session
// (that user's next click lands on the login page); and a staff user refused by the server.
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
  it("should show a client's company name change as before -> after, linked to the client", async () => {
    const admin = await apiAs();
    const { user: client } = await admin<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: `Cara Client ${stamp}`,
      email: `cara.${stamp}@example.com`,
      companyName: `Cara Old ${stamp}`,
    });
    await admin('PUT', `/clients/updateClient/${client.id}`, {
      name: `Cara Client ${stamp}`,
      email: `cara.${stamp}@example.com`,
      companyName: `Cara New ${stamp}`,
    });

    const { page, context } = await openPage(browser);
    try {
      await signIn(page);
      await openActivity(page);
      await page.getByLabel('Kind of record').selectOption('client');
      await page.getByLabel('Record id').fill(String(client.id));
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(`**/Activity?kind=client&record=${client.id}`);
      // The address changes first: the whole log, other records' changes in it, can still be on
      // screen for a moment. Wait until every row listed is this client's.
      await page
        .getByRole('table', { name: 'Activity', exact: true })
        .locator('tbody tr')
        .filter({ hasNotText: new RegExp(`Client #${client.id}(?!\\d)`) })
        .first()
        .waitFor({ state: 'detached' });
      const changed = page.getByRole('row').filter({ hasText: 'changed' });
      await changed.waitFor();
      expect(await changed.textContent()).toContain(
        `companyName: Cara Old ${stamp} → Cara New ${stamp}`,
      );
      await changed.getByRole('link', { name: `Client #${client.id}` }).click();
      await page.waitForURL(`**/ClientLedgerPage?clientId=${client.id}`);
    } finally {
      await context.close();
    }
  });

  it('should show a failed sign-in with the e-mail tried', async () => {
    const tried = `nobody.${stamp}@example.com`;
    const guesser = await openPage(browser);
    try {
      await guesser.page.goto('/');
      await guesser.page.getByLabel('Email').fill(tried);
      await guesser.page.getByLabel('Password').fill('a wrong guess');
      await guesser.page.getByRole('button', { name: 'Sign In' }).click();
      expect(await dialogCount(guesser.dialogs, 1)).toEqual(['Invalid credentials']);
    } finally {
      await guesser.context.close();
    }

    const { page, context } = await openPage(browser);
    try {
      await signIn(page);
      await openActivity(page);
      await page.getByLabel('Action').selectOption('login_failed');
      await page.getByRole('button', { name: 'Apply' }).click();
      const row = page.getByRole('row').filter({ hasText: tried });
      await row.waitFor();
      expect(await row.textContent()).toContain('sign-in failed');
    } finally {
      await context.close();
    }
  });

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

describe('Activity for a staff user', () => {
  it("should show no link and, at the URL, the server's refusal", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, STAFF);
      await page.getByRole('link', { name: 'Settings', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Activity', exact: true }).count()).toBe(0);
      await page.goto('/Activity');
      const refusal = page.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe('Only admins and viewers can see the activity');
    } finally {
      await context.close();
    }
  });
});
