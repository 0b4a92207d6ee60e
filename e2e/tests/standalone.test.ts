// Each remote also runs alone, as a developer runs it with `npm run dev -w <remote>`: its own
// minimal host (login, a link per screen, Logout) against the same /api. Here each remote's
// production build is served by itself, from its own origin, with /api passed to the product.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, openPage } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** Serves one remote's dist/ at the root (index.html for unknown paths); /api goes upstream. */
function serveAlone(dist: string, upstream: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      const target = new URL(req.url, upstream);
      const forward = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
      return;
    }
    const wanted = path.join(
      dist,
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
    );
    const file =
      wanted.startsWith(dist) && existsSync(wanted) && statSync(wanted).isFile()
        ? wanted
        : path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

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
    const server = await serveAlone(path.join(repoRoot(), remote, 'dist'), baseUrl());
    const { port } = server.address() as AddressInfo;
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
