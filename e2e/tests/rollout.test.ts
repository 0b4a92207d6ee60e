// Delivering a remote, seen in Chromium against the production build on a server of its own (a
// copy of the builds in a temporary web root, so `npm run deploy` never touches the repository's
// folders): a changed mf-reports deployed as a canary is what a user in its share loads, an open
// tab keeps working across the rollback, and the next load runs the old version again; a deployed
// chunk altered on disk is refused with the panel and none of it runs, and an altered stylesheet
// is never applied; a remote hosted on another origin (REMOTE_SETTINGS_URL) is loaded from there.
// The rest of delivery (the versions, shares, promote, automatic rollback, two processes,
// incompatible remotes, retries) is tested below the browser: api/test/deploys, rollout,
// remote-health and hostile-rollout, and the shell's federation and RemoteScreen tests.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
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
import { portOf, serveBuild } from '../support/static-server';

const PASSWORD = 'clerk-password-1';
/** The canary's share: with the admin and three clerks, someone is inside but once in 10,000. */
const SHARE = 90;

let browser: Browser;
let webRoot: string;
let scratch: string;
let server: RunningServer;
let adminToken: string;
/** mf-settings' build served by itself, as a team would host it on an origin of its own. */
let settingsHost: Server;
let settingsOrigin: string;
/** The admin and three clerks, each with the id the server hashes to choose canary users. */
let users: (Clerk & { password: string })[];

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
  callApi<T>(server.url, method, url, token, body);

/** `npm run deploy -- <args>` against this test's web root. */
const deploy = (...args: string[]) => deployTo(webRoot, ...args);
const state = () => reportsState(webRoot);

beforeAll(async () => {
  browser = await launch();
  webRoot = copyBuilds('office-finance-rollout-');
  scratch = mkdtempSync(path.join(tmpdir(), 'office-finance-rollout-builds-'));
  // The product's origin is only known once it listens; the remote's server admits any origin.
  settingsHost = await serveBuild(path.join(webRoot, 'mf-settings', 'dist'), { allowOrigin: '*' });
  settingsOrigin = `http://127.0.0.1:${portOf(settingsHost)}`;
  server = await startServer({
    WEB_ROOT: webRoot,
    REMOTE_SETTINGS_URL: `${settingsOrigin}/mf-manifest.json`,
  });
  adminToken = await tokenAt(server.url, ADMIN.email, ADMIN.password);
  const admin = await api<{ user: { id: number } }>('GET', '/api/sessions/current', adminToken);
  const clerks = await registerClerks(server.url, adminToken, 3, PASSWORD);
  users = [
    { id: admin.user.id, email: ADMIN.email, password: ADMIN.password },
    ...clerks.map((clerk) => ({ ...clerk, password: PASSWORD })),
  ];
  deploy('reports', '--from', path.join(repoRoot(), 'mf-reports', 'dist'));
});

afterAll(async () => {
  await browser.close();
  await stopServer(server);
  await new Promise((resolve) => settingsHost.close(resolve));
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** A page on this test's server, signed in as `who` with a session of this server. */
async function signedIn(who: { email: string; password: string }) {
  const session = await openPage(browser, { baseURL: server.url });
  await signIn(session.page, who, await tokenAt(server.url, who.email, who.password));
  return session;
}

describe('a canary of mf-reports', () => {
  it('is loaded by a user in its share; an open tab survives its rollback, and the next load runs the old version', async () => {
    const served = state().current;
    const build = changedBuild(
      path.join(repoRoot(), 'mf-reports', 'dist'),
      path.join(scratch, 'yearly-new'),
      'title:"Yearly Report"',
      'title:"Yearly Report (new)"',
    );
    expect(deploy('reports', '--from', build, '--canary', String(SHARE))).toContain(
      `to ${SHARE}% of signed-in users`,
    );
    const canary = state().canary!.version;
    expect(canary).not.toBe(served);
    const inside = users.find((user) => bucket(user.id, canary) < SHARE);
    expect(inside).toBeDefined();

    const { page, context } = await signedIn(inside!);
    try {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto('/YearlyReportPage');
      await heading(page, 'Yearly Report (new)').waitFor();
      expect(requested).toContain(`/remotes/mf-reports/v/${canary}/remoteEntry.js`);

      // Rolled back while the tab is open: it keeps the version it loaded and keeps working.
      expect(deploy('--rollback', 'reports')).toContain(
        `mf-reports: canary ${canary} ended; everyone gets ${served}`,
      );
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.getByRole('link', { name: 'IncomeReport', exact: true }).click();
      await heading(page, 'Income Report').waitFor();
      expect(await page.getByText('could not be loaded').count()).toBe(0);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      expect(requested.filter((url) => url.includes(`/v/${served}/`))).toEqual([]);

      // The next full load runs the served version.
      await page.goto('/YearlyReportPage');
      await heading(page, 'Yearly Report').waitFor();
      expect(requested).toContain(`/remotes/mf-reports/v/${served}/remoteEntry.js`);
    } finally {
      await context.close();
    }
    const listed = deploy('--list', 'reports');
    expect(listed).toMatch(new RegExp(`^\\*\\s+${served}\\s.*served$`, 'm'));
    expect(listed).toMatch(new RegExp(`^\\s+${canary}\\s.*rolled back$`, 'm'));
  });

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

    const { page, context } = await signedIn(ADMIN);
    try {
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
  });
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

    const { page, context } = await signedIn(ADMIN);
    try {
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
  });
});

describe('a remote hosted on another origin (REMOTE_<NAME>_URL)', () => {
  it('loads mf-settings from its own server on another port', async () => {
    const { page, context } = await signedIn(ADMIN);
    try {
      const fromRemote: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().startsWith(settingsOrigin))
          fromRemote.push(new URL(request.url()).pathname);
      });
      const list = (await (await page.request.get('/remotes.json')).json()) as Record<
        string,
        string
      >;
      expect(list.settings).toBe(`${settingsOrigin}/mf-manifest.json`);
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
      expect(fromRemote).toEqual(
        expect.arrayContaining([
          '/mf-manifest.json',
          '/remoteEntry.js',
          expect.stringMatching(/^\/__federation_expose_SettingsPage\.[0-9a-f]{8}\.js$/),
        ]),
      );
      // The same screen from the product's own origin is not used.
      expect(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.includes('/remotes/mf-settings/')),
        ),
      ).toBe(false);
    } finally {
      await context.close();
    }
  });
});
