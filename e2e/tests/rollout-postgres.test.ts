// Two server processes of the built product on one PostgreSQL, sharing one web root (as several
// machines behind one address would): a canary of mf-reports at 50% whose screen throws on
// render is loaded by signed-in users through both processes, two of them failing on it; it is
// rolled back once (one `rollout rolled back` line in the Activity screen, whichever process
// decided), state.json serves the old version, and both processes list it. Skipped, with a
// message, only on a machine without the PostgreSQL server binaries (CI installs them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signIn } from '../support/browser';
import { changedBuild } from '../support/builds';
import { ADMIN, repoRoot } from '../support/env';
import { postgresInstalled, startPostgres, type ThrowAwayPostgres } from '../support/postgres';
import {
  callApi,
  copyBuilds,
  deployTo,
  registerClerks,
  reportsBucket,
  reportsState,
  tokenAt,
  until,
  type Clerk,
} from '../support/rollout';
import { startServer, stopServer, type RunningServer } from '../support/server';

const PASSWORD = 'clerk-password-1';
const CHECK_SECONDS = 2;

const installed = postgresInstalled();
if (!installed) {
  console.warn(
    'rollout-postgres.test.ts skipped: no PostgreSQL server binaries (initdb) under ' +
      '/usr/lib/postgresql/*/bin, PG_BIN or the PATH; apt-get install postgresql runs it',
  );
}

let browser: Browser;
let postgres: ThrowAwayPostgres | undefined;
let webRoot: string;
let scratch: string;
const servers: RunningServer[] = [];
let clerks: Clerk[];

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

(installed ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    browser = await launch();
    postgres = await startPostgres();
    webRoot = copyBuilds('office-finance-rollout-pg-');
    scratch = mkdtempSync(path.join(tmpdir(), 'office-finance-rollout-pg-builds-'));
    const env = {
      WEB_ROOT: webRoot,
      DATABASE_URL: postgres.url,
      // Judged over distinct users: the two users on the canary.
      ROLLOUT_MIN_USERS: '2',
      // Each process looks every 2 s, so that waiting for both to have looked again is short.
      ROLLOUT_CHECK_SECONDS: String(CHECK_SECONDS),
    };
    // One after the other: the second finds the database migrated and the admin there.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const adminToken = await tokenAt(servers[0]!.url, ADMIN.email, ADMIN.password);
    clerks = await registerClerks(servers[0]!.url, adminToken, 10, PASSWORD);
    deployTo(webRoot, 'reports', '--from', path.join(repoRoot(), 'mf-reports', 'dist'));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await stopServer(server);
    await postgres?.stop();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('roll a canary that throws back once, and both list the old version', async () => {
    const [one, two] = servers as [RunningServer, RunningServer];
    const served = reportsState(webRoot).current;
    const build = changedBuild(
      path.join(repoRoot(), 'mf-reports', 'dist'),
      path.join(scratch, 'income-throws'),
      'title:"Income Report"',
      'title:(()=>{throw new Error("canary broke")})()',
    );
    deployTo(webRoot, 'reports', '--from', build, '--canary', '50');
    const canary = reportsState(webRoot).canary!.version;
    const inside = clerks.filter((clerk) => reportsBucket(clerk.id, canary) < 50);
    const outside = clerks.filter((clerk) => reportsBucket(clerk.id, canary) >= 50);
    expect(inside.length).toBeGreaterThanOrEqual(2);
    expect(outside.length).toBeGreaterThanOrEqual(2);

    // Two users on the canary and two on the served version, one of each on each process.
    const users = [
      { clerk: inside[0]!, server: one, canary: true },
      { clerk: inside[1]!, server: two, canary: true },
      { clerk: outside[0]!, server: one, canary: false },
      { clerk: outside[1]!, server: two, canary: false },
    ];
    const sessions = await Promise.all(
      users.map((user) => openPage(browser, { baseURL: user.server.url })),
    );
    try {
      for (const [n, user] of users.entries()) {
        await signIn(sessions[n]!.page, { email: user.clerk.email, password: PASSWORD });
      }
      // One load each: the canary is judged over users, and both of its users fail on it.
      for (const [n, user] of users.entries()) {
        const { page } = sessions[n]!;
        await page.goto('/IncomeReport');
        if (user.canary) await page.getByText('Failed stage: render').waitFor();
        else await heading(page, 'Income Report').waitFor();
      }
      // The last reports go out a few seconds later, or when the page is left.
      for (const session of sessions) await session.page.goto('/');
      await until(
        () => reportsState(webRoot).canary === undefined,
        'the canary to be rolled back',
        60_000,
      );
      expect(reportsState(webRoot).current).toBe(served);

      // Both processes list the old version to the users who had the canary, and it renders.
      for (const user of users.filter((candidate) => candidate.canary)) {
        const token = await tokenAt(user.server.url, user.clerk.email, PASSWORD);
        for (const server of servers) {
          const list = await callApi<{ versions?: Record<string, string> }>(
            server.url,
            'GET',
            '/remotes.json',
            token,
          );
          expect(list.versions?.reports).toBe(served);
        }
      }
      for (const { page } of sessions) {
        await page.goto('/IncomeReport');
        await heading(page, 'Income Report').waitFor();
      }
    } finally {
      for (const session of sessions) await session.context.close();
    }

    // One line in the Activity screen, seen through either process, after both have had time
    // for two more checks that could have decided a second time.
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_SECONDS * 1000 + 500));
    for (const server of servers) {
      const { page, context } = await openPage(browser, { baseURL: server.url });
      try {
        await signIn(page);
        await page.goto('/Activity?action=rollout_rolled_back');
        const lines = page.getByRole('row').filter({ hasText: 'rollout rolled back' });
        await lines.first().waitFor();
        expect(await lines.count()).toBe(1);
        await expect(lines.first().textContent()).resolves.toMatch(/mf-reports/);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
