import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn, signInAt } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

// The signed-in shell in a real browser: remotes loaded at runtime (one not deployed, one that
// fails and is retried, the shared libraries loaded once), the phone's drawer and the page frame.
// The dashboard's cards, the sidebar's links and the routes are the shell's component tests
// (Dashboard.test.tsx, App.test.tsx); accessibility.test.ts runs axe on every route.
describe('the signed-in shell', () => {
  it('should contain a remote that is not deployed inside the content area', async () => {
    const { page, context } = await openPage(browser);
    // As if mf-people had never been deployed: /remotes.json does not list it.
    await page.route('**/remotes.json', async (route) => {
      const list = (await (await route.fetch()).json()) as Record<string, string>;
      delete list.people;
      await route.fulfill({ json: list });
    });
    await signIn(page);
    await page.getByRole('link', { name: 'Users' }).click();
    const panel = page.getByRole('alert');
    expect(await panel.textContent()).toContain('The Users screen is unavailable right now.');
    expect(await panel.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // The rest of the application keeps working.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('should recover a remote that failed to load with Retry, without reloading the page', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page);
    let failing = true;
    await page.route('**/remotes/mf-settings/remoteEntry.js', (route) =>
      failing ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Settings' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(
      'The Settings screen could not be loaded.',
    );
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await context.close();
  });

  it('should load each shared library once, from the shell', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
    const providers = await page.evaluate(() => {
      type Scope = Record<string, Record<string, { from: string }>>;
      const share =
        (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Scope>> } })
          .__FEDERATION__?.__SHARE__ ?? {};
      const found: Record<string, string[]> = {};
      for (const instance of Object.values(share)) {
        for (const scope of Object.values(instance)) {
          for (const [name, versions] of Object.entries(scope)) {
            found[name] = Object.values(versions).map((v) => v.from);
          }
        }
      }
      return found;
    });
    for (const name of ['react', 'react-dom', 'react-router', 'zustand', 'shared-ui']) {
      expect({ name, from: providers[name] }).toEqual({ name, from: ['shell'] });
    }
    await context.close();
  });

  it('should open the drawer from a named menu button on a 360px phone', async () => {
    const { page, context } = await openPage(browser, { width: 360, height: 740 });
    await signIn(page);
    const settingsLink = page.getByRole('link', { name: 'Settings' });
    expect(await settingsLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await settingsLink.click();
    await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('the page frame', () => {
  it('serves a favicon, so a page load logs no 404', async () => {
    const { page, context } = await openPage(browser);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(new URL(response.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('keeps the sidebar the full height of the window on a long report at 1366x850', async () => {
    const { page, context } = await openPage(browser, { width: 1366, height: 850 });
    await signInAt(page, '/ClientsVsSales');
    await page.getByRole('heading', { level: 1, name: 'Clients Vs Sales', exact: true }).waitFor();
    // Make the page longer than the window whatever the data, then scroll to its end.
    await page.evaluate(() => {
      const main = document.querySelector('main');
      if (main) main.style.paddingBottom = '3000px';
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const box = await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: expect.any(Number), height: 850 });
    await context.close();
  });
});
