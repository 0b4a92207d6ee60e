// Users, Employees and Clients through the shell on the real build: add, search, edit and delete
// one record of each, and a staff user refused on user management by the server.
import { request } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, dialogCount, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { ADMIN } from '../support/env';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

// Names unique to this run, so the test does not depend on what the database already holds.
const stamp = Date.now().toString(36);

interface Screen {
  link: string;
  manageTab: string;
  noun: string;
  /** Label -> value for the add form's text inputs. */
  fill: Record<string, string>;
  /** One field the edit dialog changes, and its new value as the list shows it. */
  edit: { label: string; value: string };
}

const screens: Screen[] = [
  {
    link: 'Users',
    manageTab: 'Update User',
    noun: 'User',
    fill: {
      Name: `Una User ${stamp}`,
      Email: `una.${stamp}@example.com`,
      Password: 'una-password-1',
    },
    edit: { label: 'Name', value: `Una Renamed ${stamp}` },
  },
  {
    link: 'Employees',
    manageTab: 'Manage Employees',
    noun: 'Employee',
    fill: { Name: `Emil Employee ${stamp}`, Email: `emil.${stamp}@example.com`, Number: '0300123' },
    edit: { label: 'Number', value: '0300999' },
  },
  {
    link: 'Clients',
    manageTab: 'Manage Clients',
    noun: 'Client',
    fill: {
      Name: `Cleo Client ${stamp}`,
      Email: `cleo.${stamp}@example.com`,
      'Company Name': `Cleo Trading ${stamp}`,
    },
    edit: { label: 'Company Name', value: `Cleo Imports ${stamp}` },
  },
];

describe.each(screens)('$link through the shell', (s) => {
  let session: Session;
  let page: Page;
  const email = s.fill.Email ?? '';
  const row = () => page.getByRole('row').filter({ hasText: email });

  beforeAll(async () => {
    session = await openPage(browser);
    page = session.page;
    await signIn(page);
    await page.getByRole('link', { name: s.link, exact: true }).click();
    await page.getByRole('heading', { name: s.link, level: 1 }).waitFor();
  });
  afterAll(() => session.context.close());
  beforeEach(() => {
    session.dialogs.length = 0;
    session.confirmAnswer.value = true;
  });

  it('should add a record, confirm it and clear the form', async () => {
    for (const [label, value] of Object.entries(s.fill)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: `Add ${s.noun}` }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual([`${s.noun} added successfully!`]);
    // The form clears once the alert is dismissed, so wait for it rather than read it at once.
    const nameInput = await page.getByLabel('Name', { exact: true }).elementHandle();
    await page.waitForFunction((input) => (input as HTMLInputElement).value === '', nameInput);
  });

  it('should find the new record by searching, ignoring case', async () => {
    await page.getByRole('tab', { name: s.manageTab }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email.toUpperCase());
    await row().waitFor();
    // The table narrows in a render of its own after the typing: until then every record is
    // listed, this one among them. Wait until no other record is left.
    await page
      .getByRole('region', { name: s.manageTab, exact: true })
      .locator('tbody tr')
      .filter({ hasNotText: email })
      .first()
      .waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(1);

    await page.getByRole('searchbox', { name: 'Search' }).fill(`nobody ${stamp}`);
    await page.getByText('No records found').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    await row().waitFor();
  });

  it('should edit the record in a dialog that closes on success', async () => {
    await row().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${s.noun}` });
    await dialog.getByLabel(s.edit.label, { exact: true }).fill(s.edit.value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual([`${s.noun} updated successfully!`]);
    await dialog.waitFor({ state: 'detached' });
    await row().getByRole('cell', { name: s.edit.value }).waitFor();
  });

  it('should delete the record only after confirmation', async () => {
    session.confirmAnswer.value = false;
    await row().getByRole('button', { name: 'Delete' }).click();
    expect(await dialogCount(session.dialogs, 1)).toEqual([
      `Are you sure you want to delete this ${s.noun.toLowerCase()}?`,
    ]);
    expect(await row().count()).toBe(1);

    session.confirmAnswer.value = true;
    await row().getByRole('button', { name: 'Delete' }).click();
    expect(await dialogCount(session.dialogs, 3)).toEqual([
      `Are you sure you want to delete this ${s.noun.toLowerCase()}?`,
      `Are you sure you want to delete this ${s.noun.toLowerCase()}?`,
      `${s.noun} deleted successfully!`,
    ]);
    await row().waitFor({ state: 'detached' });
  });
});

describe('Users for a staff user', () => {
  const STAFF = { email: `stella.${stamp}@example.com`, password: 'stella-password-1' };

  beforeAll(async () => {
    // The staff account is made by an admin through the API, as an admin would on the screen.
    const api = await request.newContext({ baseURL: baseUrl() });
    try {
      const login = await api.post('/api/users/login', { data: ADMIN });
      const { token } = (await login.json()) as { token: string };
      const created = await api.post('/api/users/register', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: `Stella Staff ${stamp}`, ...STAFF, role: 'staff' },
      });
      expect(created.status()).toBe(201);
    } finally {
      await api.dispose();
    }
  });

  it("should show the server's refusal and leave the list unchanged", async () => {
    const session = await openPage(browser);
    const { page } = session;
    try {
      await signIn(page, STAFF);
      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByLabel('Name', { exact: true }).fill(`Not Allowed ${stamp}`);
      await page.getByLabel('Email', { exact: true }).fill(`not.allowed.${stamp}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('not-allowed-1');
      await page.getByRole('button', { name: 'Add User' }).click();
      expect(await dialogCount(session.dialogs, 1)).toEqual(['Only admins can manage users']);

      await page.getByRole('tab', { name: 'Update User' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
      const own = page.getByRole('row').filter({ hasText: STAFF.email });
      await own.waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'not.allowed' }).count()).toBe(0);

      await own.getByRole('button', { name: 'Delete' }).click();
      expect(await dialogCount(session.dialogs, 3)).toEqual([
        'Only admins can manage users',
        'Are you sure you want to delete this user?',
        'Only admins can manage users',
      ]);
      expect(await own.count()).toBe(1);
    } finally {
      await session.context.close();
    }
  });
});
