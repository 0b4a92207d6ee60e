// Dialogs in the browser: the Edit dialog keeps focus inside while it is open (the page behind is
// inert), closes on Escape and gives focus back to the Edit button that opened it.
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';
import { ADMIN } from '../support/env';

let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('tab', { name: 'Update User' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(ADMIN.email);
});
afterAll(async () => {
  await session.context.close();
  await browser.close();
});

/** Where the focus is: inside the open dialog, and the element's name for the failure text. */
const focus = () =>
  page.evaluate(() => {
    const active = document.activeElement;
    const dialog = document.querySelector('dialog[open]');
    return {
      inside: Boolean(dialog && active && dialog.contains(active)),
      name: active
        ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`.trim()
        : 'nothing',
    };
  });

describe('the Edit dialog', () => {
  it('keeps focus inside, makes the page behind inert, and on Escape gives focus back to Edit', async () => {
    const row = page.getByRole('row').filter({ hasText: ADMIN.email });
    const edit = row.getByRole('button', { name: 'Edit' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.waitFor();

    // Focus stays inside for 30 Tab presses, and for Shift+Tab.
    const outside: string[] = [];
    for (let press = 0; press < 30; press += 1) {
      await page.keyboard.press('Tab');
      const now = await focus();
      if (!now.inside) outside.push(`Tab ${press + 1}: ${now.name}`);
    }
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press('Shift+Tab');
      const now = await focus();
      if (!now.inside) outside.push(`Shift+Tab ${press + 1}: ${now.name}`);
    }
    expect(outside).toEqual([]);

    // The sidebar's Dashboard link is behind the backdrop: a click at its place does not follow
    // it, and focusing it from a script leaves the focus where it was.
    const before = page.url();
    const link = page.locator('nav[aria-label="Main"] a[href="/"]');
    const box = await link.boundingBox();
    expect(box).not.toBeNull();
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(page.url()).toBe(before);
    expect(await dialog.isVisible()).toBe(true);
    expect(
      await link.evaluate((anchor) => {
        (anchor as HTMLElement).focus();
        return document.activeElement === anchor;
      }),
    ).toBe(false);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await edit.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
