// Two-step sign-in on the real build: a user turns it on from the /Account screen (the secret
// read as shown, the code computed from it as an authenticator app would), signs out, and signs
// in again with the Code step, which refuses a wrong code and a code already used.
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { dialogCount, launch, openPage } from '../support/browser';

let browser: Browser;
const stamp = Date.now().toString(36);
const USER = { email: `tess.${stamp}@example.com`, password: 'tess-staff-password' };

/**
 * The app's code `steps` time steps (30 s) from now, made by otplib as an authenticator app
 * would. otplib's base32 and crypto plugins are ES modules only, which this CommonJS test run
 * cannot load, so Node runs it beside the test.
 */
const codeAt = async (secret: string, steps = 0) =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { generate } from 'otplib';" +
        'process.stdout.write(await generate({ secret: process.argv[1], epoch: Number(process.argv[2]) }));',
      secret,
      String(Math.floor(Date.now() / 1000) + steps * 30),
    ],
    { cwd: __dirname, encoding: 'utf8' },
  );

beforeAll(async () => {
  browser = await launch();
  const admin = await apiAs();
  await admin('POST', '/users/register', { name: `Tess Two ${stamp}`, ...USER, role: 'staff' });
});
afterAll(() => browser.close());

async function passwordStep(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('two-step sign-in', () => {
  it('should turn on from My account, then sign in with a code, refusing wrong and reused codes', async () => {
    const { page, context, dialogs } = await openPage(browser);
    try {
      // Without two-step, the password alone signs in.
      await passwordStep(page);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      await page.getByRole('link', { name: 'My account' }).click();
      await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
      await page.getByText(USER.email).waitFor();
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      // The secret as shown, next to its label.
      const shown = page
        .getByText('Secret key', { exact: true })
        .locator('xpath=following-sibling::dd[1]');
      const secret = ((await shown.textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(
        await page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible(),
      ).toBe(true);

      const first = await codeAt(secret);
      await page.getByLabel('Code').fill(first);
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await page.getByText('Two-step sign-in is on.').waitFor();

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();

      // The password now leads to the Code step, and no further.
      await passwordStep(page);
      await page.getByLabel('Code').waitFor();
      expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);

      const wrong = String((Number(first) + 500_000) % 1_000_000).padStart(6, '0');
      await verify(page, wrong);
      expect(await dialogCount(dialogs, 1)).toEqual(['Invalid code']);

      // The code that turned two-step on was taken: it cannot sign in.
      await verify(page, first);
      expect(await dialogCount(dialogs, 2)).toEqual([
        'Invalid code',
        'This code has already been used; wait for the next one',
      ]);

      const next = await codeAt(secret, 1);
      await verify(page, next);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      // Signed out again, the code just used is refused once more.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await passwordStep(page);
      await verify(page, next);
      expect(await dialogCount(dialogs, 3)).toEqual([
        'Invalid code',
        'This code has already been used; wait for the next one',
        'This code has already been used; wait for the next one',
      ]);
      expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
