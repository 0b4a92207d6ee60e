// Each remote also runs alone, as a developer runs it with `npm run dev -w <remote>`: its own
// minimal host (login, a link per screen, Logout) against the same /api. Here each remote's
// production build is served by itself, from its own origin, with /api passed to the product.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, openPage } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';
import { portOf, serveBuild } from '../support/static-server';

const remotes = [
  {
    remote: 'mf-people',
    screen: 'Users',
    heading: 'Users',
    next: 'Clients',
    nextHeading: 'Clients',
  },
  {
    remote: 'mf-entries',
    screen: 'Income',
    heading: 'Add Income',
    next: 'Salary',
    nextHeading: 'Add Salary',
  },
  {
    remote: 'mf-reports',
    screen: 'IncomeReport',
    heading: 'Income Report',
    next: 'YearlyReportPage',
    nextHeading: 'Yearly Report',
  },
  { remote: 'mf-settings', screen: 'Settings', heading: 'Settings' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe.each(remotes)('$remote on its own', ({ remote, screen, heading, next, nextHeading }) => {
  it('signs in through its own host and shows its screens against the same API', async () => {
    const server = await serveBuild(path.join(repoRoot(), remote, 'dist'), {
      apiUpstream: baseUrl(),
    });
    const port = portOf(server);
    const { context, page } = await openPage(browser);
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(await page.getByRole('link', { name: screen, exact: true }).isVisible()).toBe(true);
      if (next && nextHeading) {
        await page.getByRole('link', { name: next, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: nextHeading, exact: true }).waitFor();
      }
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
