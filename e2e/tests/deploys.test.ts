// Deploying a remote while a tab is open, rolling back, and how the shell meets a remote that
// fails, is slow to start, or was built against an incompatible library. The deploy test runs its
// own server on a copy of the builds, so `npm run deploy` never touches the repository's folders.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
import { changedBuild } from '../support/builds';
import { deployTo } from '../support/rollout';
import { repoRoot } from '../support/env';
import { startServer, stopServer, type RunningServer } from '../support/server';
import { portOf, serveBuild } from '../support/static-server';

const APPS = ['shell', 'mf-people', 'mf-entries', 'mf-reports', 'mf-settings'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/**
 * The version of a library the shell runs: the build defines it (`__BUILT_AGAINST__`) from
 * webpack/shared.mjs, the package's version with a hash of its sources, as computed here from the
 * same sources. The shell is built without federation and writes no manifest of its own.
 */
function shellBuiltAgainst(library: string): string {
  const shared = pathToFileURL(path.join(repoRoot(), 'webpack', 'shared.mjs')).href;
  const script = `import { builtAgainst } from ${JSON.stringify(shared)};
process.stdout.write(builtAgainst[${JSON.stringify(library)}]);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
}

/** The screen's level-1 heading, exactly. */
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

describe('deploying mf-reports while a tab is open', () => {
  let webRoot: string;
  let scratch: string;
  let server: RunningServer;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'office-finance-web-'));
    scratch = mkdtempSync(path.join(tmpdir(), 'office-finance-builds-'));
    for (const app of APPS) {
      cpSync(path.join(repoRoot(), app, 'dist'), path.join(webRoot, app, 'dist'), {
        recursive: true,
      });
    }
    server = await startServer({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await stopServer(server);
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  /** `npm run deploy -- <args>` against this test's web root. */
  const deploy = (...args: string[]) => deployTo(webRoot, ...args);
  const servedVersion = (output: string) => /now serving ([0-9a-f]{12})/.exec(output)?.[1];

  /** The reports build with one visible change: the Yearly Report's title (a new build's
   * chunk hashes in its entry, as a build writes them). */
  function changedReportsBuild(): string {
    return changedBuild(
      path.join(repoRoot(), 'mf-reports', 'dist'),
      path.join(scratch, 'mf-reports-changed'),
      'title:"Yearly Report"',
      'title:"Yearly Report (new)"',
    );
  }

  it('keeps the tab working, serves the new version on reload and the old one after rollback', async () => {
    const v1 = servedVersion(
      deploy('reports', '--from', path.join(repoRoot(), 'mf-reports', 'dist')),
    );
    expect(v1).toMatch(/^[0-9a-f]{12}$/);

    const { page, context } = await openPage(browser, { baseURL: server.url, width: 1366 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await signIn(page);
    await page.getByRole('button', { name: /Reports/ }).click();
    await page.getByRole('link', { name: 'IncomeReport' }).click();
    await heading(page, 'Income Report').waitFor();
    expect(requested).toContain(`/remotes/mf-reports/v/${v1}/remoteEntry.js`);

    // A changed mf-reports is deployed while the tab is open.
    const v2 = servedVersion(deploy('reports', '--from', changedReportsBuild()));
    expect(v2).toMatch(/^[0-9a-f]{12}$/);
    expect(v2).not.toBe(v1);

    // Another report in the same tab: no error panel; the tab keeps the version it loaded.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'YearlyReportPage' }).click();
    await heading(page, 'Yearly Report').waitFor();
    expect(await page.getByText('could not be loaded').count()).toBe(0);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(requested.filter((url) => url.includes(`/v/${v2}/`))).toEqual([]);

    // The next full load runs the new version.
    await page.reload();
    await heading(page, 'Yearly Report (new)').waitFor();
    expect(requested).toContain(`/remotes/mf-reports/v/${v2}/remoteEntry.js`);

    // Rolled back: the next load runs the old version again.
    expect(deploy('--rollback', 'reports')).toContain(
      `mf-reports: now serving ${v1} (rolled back from ${v2})`,
    );
    await page.reload();
    await heading(page, 'Yearly Report').waitFor();

    const listed = deploy('--list', 'reports');
    expect(listed).toMatch(new RegExp(`^\\*\\s+${v1}\\s.*served$`, 'm'));
    expect(listed).toMatch(new RegExp(`^\\s+${v2}\\s.*rolled back$`, 'm'));
    await context.close();
  });
});

describe('a remote hosted on another origin (REMOTE_<NAME>_URL)', () => {
  it('loads mf-reports from its own server on another port', async () => {
    // The product's origin is only known once it listens; the remote's server admits any origin.
    const remote = await serveBuild(path.join(repoRoot(), 'mf-reports', 'dist'), {
      allowOrigin: '*',
    });
    const remoteOrigin = `http://127.0.0.1:${portOf(remote)}`;
    const server = await startServer({
      REMOTE_REPORTS_URL: `${remoteOrigin}/mf-manifest.json`,
    });
    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      const fromRemote: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().startsWith(remoteOrigin))
          fromRemote.push(new URL(request.url()).pathname);
      });
      const list = (await (await page.request.get('/remotes.json')).json()) as Record<
        string,
        string
      >;
      expect(list.reports).toBe(`${remoteOrigin}/mf-manifest.json`);
      await signIn(page);
      await page.goto('/IncomeReport');
      await heading(page, 'Income Report').waitFor();
      expect(fromRemote).toEqual(
        expect.arrayContaining([
          '/mf-manifest.json',
          '/remoteEntry.js',
          expect.stringMatching(/^\/__federation_expose_IncomeReportPage\.[0-9a-f]{8}\.js$/),
        ]),
      );
      // The same report from the product's own origin is not used.
      expect(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.includes('/remotes/mf-reports/')),
        ),
      ).toBe(false);
    } finally {
      await context.close();
      await stopServer(server);
      await new Promise((resolve) => remote.close(resolve));
    }
  });
});

describe('loading remotes', () => {
  it('tries a failed remote entry once more by itself before showing any panel', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page);
    let failures = 0;
    await page.route('**/remotes/mf-settings/**remoteEntry.js', (route) => {
      if (failures > 0) return route.continue();
      failures += 1;
      return route.fulfill({ status: 503, body: 'busy' });
    });
    await page.getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings').waitFor();
    expect(failures).toBe(1);
    expect(await page.getByText('could not be loaded').count()).toBe(0);
    await context.close();
  });

  it('names the stage that failed, and Retry still loads the screen', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page);
    let failing = true;
    await page.route('**/remotes/mf-settings/**__federation_expose_SettingsPage*.js', (route) =>
      failing ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    const panel = page.getByRole('alert');
    await panel.getByText('Failed stage: chunk').waitFor();
    expect(await panel.textContent()).toContain('The Settings screen could not be loaded.');
    failing = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await heading(page, 'Settings').waitFor();
    await context.close();
  });

  it('refuses a remote built against an incompatible shared-ui, naming the remote and both versions', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/remotes/mf-settings/**mf-manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as {
        metaData: { buildInfo: { builtAgainst: Record<string, string> } };
      };
      manifest.metaData.buildInfo.builtAgainst['shared-ui'] = '2.0.0';
      await route.fulfill({ response, json: manifest });
    });
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const panel = page.getByRole('alert');
    await panel.waitFor();
    const shellVersion = shellBuiltAgainst('shared-ui');
    expect(await panel.textContent()).toContain(
      `The Settings screen cannot be shown: the Settings (mf-settings) remote was built against shared-ui 2.0.0, and this application runs shared-ui ${shellVersion}.`,
    );
    // Nothing of the remote ran.
    expect(await page.evaluate(() => 'settings' in window)).toBe(false);
    await context.close();
  });

  it("starts loading a screen's remote when the pointer rests on its sidebar link", async () => {
    const { page, context } = await openPage(browser);
    await signIn(page);
    const entry = page.waitForRequest((request) =>
      /\/remotes\/mf-entries\/.*remoteEntry\.js$/.test(request.url()),
    );
    await page.getByRole('link', { name: 'Salary' }).hover();
    await entry;
    await page.getByRole('link', { name: 'Salary' }).click();
    await heading(page, 'Add Salary').waitFor();
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
    await signIn(page);
    await page.goto('/ClientsVsSales');
    await heading(page, 'Clients Vs Sales').waitFor();
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
