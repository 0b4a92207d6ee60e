import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/env';
import { dialogCount, launch, openPage, signInWithForm } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('login and logout', () => {
  it.each(['/', '/Users', '/no/such/page'])(
    'should show only the login screen at %s when signed out',
    async (path) => {
      const { page, context } = await openPage(browser);
      await page.goto(path);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
      expect(await page.getByRole('contentinfo').textContent()).toContain(
        `© ${new Date().getFullYear()}`,
      );
      expect(await page.getByRole('navigation').count()).toBe(0);
      await context.close();
    },
  );

  it('should alert the server message for a wrong password', async () => {
    const { page, context, dialogs } = await openPage(browser);
    await page.goto('/');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await dialogCount(dialogs, 1)).toEqual(['Invalid credentials']);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it("should run the signed-in shell's first chunks ahead while the form waits, without an error", async () => {
    const { page, context } = await openPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-signed-in-code') === 'ready',
    );
    // Each listed chunk ran twice and added its modules to the shell's chunk list, which nothing
    // on the login page reads: no script of the shell started.
    const ran = await page.evaluate(() => {
      const list = JSON.parse(document.getElementById('signed-in-files')?.textContent ?? '{}');
      const chunks = (globalThis as unknown as Record<string, unknown[]>)
        .webpackChunkoffice_finance_shell;
      return { warm: (list.warm as string[]).length, pushed: chunks?.length ?? 0 };
    });
    expect(ran.warm).toBeGreaterThan(0);
    expect(ran.pushed).toBe(ran.warm * 2);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should sign in to the dashboard, keep the token in sessionStorage, and log out', async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/\S{20,}/);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });
});
