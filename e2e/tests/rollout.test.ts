// Shipping mf-reports to a few first, in Chromium against the production build on a server of its
// own (a copy of the builds in a temporary web root): a 50% canary splits two signed-in users,
// each keeping their version across reloads, and open tabs keep working across a promote and a
// rollback; a deployed chunk altered on disk is refused with the panel and none of it runs, and so
// is an altered stylesheet, never applied; a canary whose screen throws for two users is rolled
// back by itself, and the Activity screen says so.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
import { changedBuild } from '../support/builds';
import { ADMIN, repoRoot } from '../support/env';
import {
  callApi,
  copyBuilds,
  deployTo,
  registerClerks,
  reportsBucket as bucket,
  reportsState,
  tokenAt,
  until,
  type Clerk,
} from '../support/rollout';
import { startServer, stopServer, type RunningServer } from '../support/server';

const PASSWORD = 'clerk-password-1';

let browser: Browser;
let webRoot: string;
let scratch: string;
let server: RunningServer;
let adminToken: string;

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
  callApi<T>(server.url, method, url, token, body);

/** `npm run deploy -- <args>` against this test's web root. */
const deploy = (...args: string[]) => deployTo(webRoot, ...args);
const state = () => reportsState(webRoot);

let clerks: Clerk[];

beforeAll(async () => {
  browser = await launch();
  webRoot = copyBuilds('office-finance-rollout-');
  scratch = mkdtempSync(path.join(tmpdir(), 'office-finance-rollout-builds-'));
  server = await startServer({ WEB_ROOT: webRoot, ROLLOUT_MIN_USERS: '2' });
  adminToken = await tokenAt(server.url, ADMIN.email, ADMIN.password);
  clerks = await registerClerks(server.url, adminToken, 10, PASSWORD);
  deploy('reports', '--from', path.join(repoRoot(), 'mf-reports', 'dist'));
}, 240_000);

afterAll(async () => {
  await browser.close();
  await stopServer(server);
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const signInAs = (page: Page, email: string) => signIn(page, { email, password: PASSWORD });

/** Opens a report from the sidebar's Reports dropdown (open already on a report's page). */
async function openReport(page: Page, label: string) {
  const link = page.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: /Reports/ }).click();
  await link.click();
}

describe('a canary of mf-reports', () => {
  it('at 50% splits two users, each keeping their version, and open tabs survive a promote and a rollback', async () => {
    const served = state().current;
    const build = changedBuild(
      path.join(repoRoot(), 'mf-reports', 'dist'),
      path.join(scratch, 'yearly-new'),
      'title:"Yearly Report"',
      'title:"Yearly Report (new)"',
    );
    expect(deploy('reports', '--from', build, '--canary', '50')).toContain(
      'to 50% of signed-in users',
    );
    const canary = state().canary!.version;
    const inside = clerks.find((clerk) => bucket(clerk.id, canary) < 50)!;
    const outside = clerks.find((clerk) => bucket(clerk.id, canary) >= 50)!;
    expect(inside && outside).toBeTruthy();

    const a = await openPage(browser, { baseURL: server.url });
    const b = await openPage(browser, { baseURL: server.url });
    try {
      await signInAs(a.page, inside.email);
      await signInAs(b.page, outside.email);
      for (let load = 0; load < 2; load += 1) {
        await a.page.goto('/YearlyReportPage');
        await heading(a.page, 'Yearly Report (new)').waitFor();
        await b.page.goto('/YearlyReportPage');
        await heading(b.page, 'Yearly Report').waitFor();
      }

      // Promoted: the open tab of the user outside keeps working on its version, and the next
      // load gets the new one.
      expect(deploy('--promote', 'reports')).toContain(`now serving ${canary} to everyone`);
      await b.page.evaluate(() => Object.assign(window, { samePage: true }));
      await openReport(b.page, 'IncomeReport');
      await heading(b.page, 'Income Report').waitFor();
      expect(await b.page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      await b.page.reload();
      await heading(b.page, 'Income Report').waitFor();
      await b.page.goto('/YearlyReportPage');
      await heading(b.page, 'Yearly Report (new)').waitFor();

      // Rolled back: the open tab on the promoted version keeps working too.
      expect(deploy('--rollback', 'reports')).toContain(`now serving ${served}`);
      await a.page.evaluate(() => Object.assign(window, { samePage: true }));
      await openReport(a.page, 'IncomeReport');
      await heading(a.page, 'Income Report').waitFor();
      expect(await a.page.getByText('could not be loaded').count()).toBe(0);
      expect(await a.page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      await a.page.goto('/YearlyReportPage');
      await heading(a.page, 'Yearly Report').waitFor();
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 180_000);

  it('refuses a deployed chunk altered on disk: the panel names the remote and none of it runs', async () => {
    const version = state().current;
    const folder = path.join(webRoot, 'mf-reports', 'releases', version);
    const files = JSON.parse(readFileSync(path.join(folder, '..', 'state.json'), 'utf8')) as {
      versions: { version: string; files: Record<string, string> }[];
    };
    const chunk = Object.keys(files.versions.find((v) => v.version === version)!.files).find(
      (name) => name.startsWith('__federation_expose_IncomeReportPage.'),
    )!;
    const file = path.join(folder, chunk);
    const original = readFileSync(file);
    const copies = ['.br', '.gz'].map((extension) => {
      try {
        return [extension, readFileSync(file + extension)] as const;
      } catch {
        return [extension, undefined] as const;
      }
    });
    // What a tampering proxy or disk would do; its copies go too, or they would be served.
    writeFileSync(file, `window.alteredChunkRan = true;\n${original.toString()}`);
    for (const [extension] of copies) rmSync(file + extension, { force: true });

    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      await signIn(page);
      await page.goto('/IncomeReport');
      await page.getByText(/Failed stage: integrity/).waitFor({ timeout: 30_000 });
      const panel = await page.getByRole('alert').textContent();
      expect(panel).toContain('The IncomeReport screen could not be loaded.');
      expect(panel).toMatch(/Failed stage: integrity \(.*Reports \(mf-reports\)\)/);
      expect(
        await page.evaluate(() => (window as { alteredChunkRan?: boolean }).alteredChunkRan),
      ).toBeUndefined();
      // The refusal reaches the server, counted against that version.
      await until(async () => {
        const list = await api<{
          releases: {
            remote: string;
            served: { lastHour: { integrityRefusals: number } } | null;
          }[];
        }>('GET', '/api/releases', adminToken);
        const reports = list.releases.find((release) => release.remote === 'reports');
        return (reports?.served?.lastHour.integrityRefusals ?? 0) >= 1;
      }, 'the integrity refusal to be counted');
    } finally {
      await context.close();
      writeFileSync(file, original);
      for (const [extension, bytes] of copies) if (bytes) writeFileSync(file + extension, bytes);
    }
  }, 120_000);

  it('refuses a deployed stylesheet altered on disk: never applied, the panel names the stage', async () => {
    const version = state().current;
    const folder = path.join(webRoot, 'mf-reports', 'releases', version);
    const stylesheet = readdirSync(folder).find((name) =>
      /^__federation_expose_IncomeReportPage\.[0-9a-f]+\.css$/.test(name),
    )!;
    const file = path.join(folder, stylesheet);
    const original = readFileSync(file);
    const copies = ['.br', '.gz']
      .filter((extension) => existsSync(file + extension))
      .map((extension) => [extension, readFileSync(file + extension)] as const);
    // A false figure printed over a finance screen, as an altered stylesheet could.
    writeFileSync(
      file,
      `${original.toString()}\n:root{--altered-stylesheet:applied}` +
        'h1::after{content:" 9,99,999.00"}',
    );
    for (const [extension] of copies) rmSync(file + extension);

    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      await signIn(page);
      await page.goto('/IncomeReport');
      await page.getByText(/Failed stage: integrity/).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('alert').textContent()).toContain(
        'The IncomeReport screen could not be loaded.',
      );
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--altered-stylesheet'),
        ),
      ).toBe('');
    } finally {
      await context.close();
      writeFileSync(file, original);
      for (const [extension, bytes] of copies) writeFileSync(file + extension, bytes);
    }
  }, 120_000);

  it('that throws on render for two users is rolled back by itself, and the Activity says so', async () => {
    const served = state().current;
    const build = changedBuild(
      path.join(repoRoot(), 'mf-reports', 'dist'),
      path.join(scratch, 'income-throws'),
      'title:"Income Report"',
      'title:(()=>{throw new Error("canary broke")})()',
    );
    deploy('reports', '--from', build, '--canary', '50');
    const canary = state().canary!.version;
    const [inside, second] = clerks.filter((clerk) => bucket(clerk.id, canary) < 50);
    const outside = clerks.find((clerk) => bucket(clerk.id, canary) >= 50)!;
    expect(inside && second).toBeTruthy();

    const a = await openPage(browser, { baseURL: server.url });
    const a2 = await openPage(browser, { baseURL: server.url });
    const b = await openPage(browser, { baseURL: server.url });
    try {
      await signInAs(a.page, inside!.email);
      await signInAs(a2.page, second!.email);
      await signInAs(b.page, outside.email);
      // ROLLOUT_MIN_USERS (2) users on the canary, each load throwing; the served version's fine.
      for (const page of [a.page, a2.page]) {
        await page.goto('/IncomeReport');
        await page.getByText('Failed stage: render').waitFor();
      }
      await b.page.goto('/IncomeReport');
      await heading(b.page, 'Income Report').waitFor();
      // The last reports go out a few seconds later, or when the page is left.
      for (const page of [a.page, a2.page, b.page]) await page.goto('/');
      await until(() => state().canary === undefined, 'the canary to be rolled back', 45_000);
      expect(state().current).toBe(served);

      // The user inside gets the served version again.
      await a.page.goto('/IncomeReport');
      await heading(a.page, 'Income Report').waitFor();
    } finally {
      await a.context.close();
      await a2.context.close();
      await b.context.close();
    }

    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      await signIn(page);
      await page.goto('/Activity?action=rollout_rolled_back');
      const line = page.getByRole('row').filter({ hasText: 'rollout rolled back' });
      await line.first().waitFor();
      // By itself, with what triggered it and the figures it was decided on.
      await expect(line.first().textContent()).resolves.toMatch(/mf-reports/);
      await expect(line.first().textContent()).resolves.toMatch(
        /automatic rollback.*2 of 2 users failed on the canary/,
      );
      expect(
        await page.getByRole('row').filter({ hasText: 'canaryFailurePct' }).count(),
      ).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
