// A new office (issue 42): on a database of its own, fresh as after the first start, the admin's
// dashboard lists Get started; the Expances form with no expense types says where they are
// added; each item is ticked as the office fills it in; Dismiss puts the list away for good.
import { readFileSync } from 'node:fs';
import type Axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { callAt } from '../support/api';
import { launch, openPage, signIn, type Session } from '../support/browser';
import { ADMIN } from '../support/env';
import { startServer, stopServer, type RunningServer } from '../support/server';

let browser: Browser;
let server: RunningServer;
let session: Session;
let page: Page;
let token: string;

const call = <T>(method: string, path: string, body?: unknown) =>
  callAt<T>(server.url, method, `/api${path}`, token, body);

beforeAll(async () => {
  browser = await launch();
  server = await startServer();
  ({ token } = await callAt<{ token: string }>(
    server.url,
    'POST',
    '/api/users/login',
    undefined,
    ADMIN,
  ));
  session = await openPage(browser, { width: 1366, height: 768, baseURL: server.url });
  page = session.page;
  await signIn(page, ADMIN, token);
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  if (server) await stopServer(server);
});

const panel = () => page.getByRole('region', { name: 'Get started' });

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations within the panel, in the colour scheme given (contrast needs a browser). */
async function panelViolations(colorScheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const panel = document.querySelector('.shell-get-started') as Element;
    const result = await axe.run(panel, { resultTypes: ['violations'] });
    return result.violations.map((violation) => violation.id);
  });
}

describe('Get started on a new office', () => {
  it('lists the six steps, none done, each linking to its screen', async () => {
    await panel().waitFor();
    await panel().getByText('0 of 6 done').waitFor();
    const links = panel().getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Name your company',
      'Add expense types',
      'Add clients',
      'Add employees',
      'Add your money accounts',
      'Record a first entry',
    ]);
    expect(await panel().getByText('To do', { exact: true }).count()).toBe(6);
    expect(await panelViolations('light')).toEqual([]);
    expect(await panelViolations('dark')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('says on /Expances where expense types are added, and the link opens that tab', async () => {
    await panel().getByRole('link', { name: 'Record a first entry' }).click();
    await page.getByRole('heading', { name: 'Add Expense', level: 1 }).waitFor();
    await page.getByText('No active expense types yet: add them in').waitFor();
    await page.getByRole('link', { name: 'Settings, Expenses' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Expenses' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
  });

  it('ticks what the office has filled in, and opens the Company tab from its item', async () => {
    await call('POST', '/expance/addexpancetype', { expancetype: 'Rent' });
    await call('POST', '/clients/addClient', {
      name: 'Acme',
      email: 'acme@example.com',
      companyName: 'Acme Ltd',
    });
    await page.goto('/');
    await panel().getByText('2 of 6 done').waitFor();
    const state = (name: string) =>
      panel()
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByText(/^(Done|To do)$/);
    expect(await state('Add expense types').textContent()).toBe('Done');
    expect(await state('Add clients').textContent()).toBe('Done');
    expect(await state('Name your company').textContent()).toBe('To do');

    await panel().getByRole('link', { name: 'Name your company' }).click();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByRole('tab', { name: 'Company' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('goes away when dismissed, and stays away after a reload', async () => {
    await page.goto('/');
    await panel().waitFor();
    await panel().getByRole('button', { name: 'Dismiss' }).click();
    await panel().waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: 'Total Income' }).waitFor();
    expect(await panel().count()).toBe(0);
  });
});
