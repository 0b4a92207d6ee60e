// `npm run test:dev`: a remote's standalone development loop in Chromium, as its team uses it.
// Starts the API (from source, a throw-away PGlite) and `npm run dev -w mf-reports` on ports of
// its own (PORT, API_URL), then checks that the page does not reload by itself (none in 10 s
// after it loaded), that the sign-in form signs in, and that an edit of a screen file shows in the
// page. The edited file is restored whatever happens. Prints each figure; exits 1 on a failure.
// Not part of `npm test`: it starts two servers and a webpack watch (about a minute).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';
import { freePort } from '../support/server';

const QUIET_MS = 10_000;
const SCREEN = path.join(
  'mf-reports',
  'src',
  'screens',
  'IncomeReportPage',
  'IncomeReportPage.tsx',
);
const BEFORE = "header: 'Date',";
const AFTER = "header: 'Day of payment',";

/** Waits until `url` answers (with any status when `anyStatus`). */
async function waitFor(url: string, timeoutMs: number, anyStatus = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok || anyStatus) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Ends a process started here and its children (its own process group). */
function stop(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function main(): Promise<void> {
  const root = repoRoot();
  const [apiPort, devPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-dev-'));
  const screenFile = path.join(root, SCREEN);
  const original = readFileSync(screenFile, 'utf8');
  if (!original.includes(BEFORE)) throw new Error(`${SCREEN} has no ${BEFORE}`);
  const failures: string[] = [];
  let api: ChildProcess | undefined;
  let dev: ChildProcess | undefined;
  const browser = await launch();
  try {
    api = spawn('npx', ['tsx', 'api/src/server.ts'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_ROOT: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });
    dev = spawn('npm', ['run', 'dev', '-w', 'mf-reports'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(devPort), API_URL: `http://127.0.0.1:${apiPort}` },
    });
    const url = `http://localhost:${devPort}/`;
    await Promise.all([
      waitFor(`http://127.0.0.1:${apiPort}/api/`, 120_000, true),
      waitFor(url, 180_000),
    ]);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.goto(url);
    await page.getByLabel('Email').waitFor();
    const loaded = navigations;
    await page.waitForTimeout(QUIET_MS);
    const reloads = navigations - loaded;
    console.log(`reloads in ${QUIET_MS / 1000} s after the page loaded: ${reloads} (budget 0)`);
    if (reloads !== 0) failures.push(`the page reloaded itself ${reloads} times`);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Income Report', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Date', exact: true }).first().waitFor();
    console.log('signed in: Income Report shown');

    const beforeEdit = navigations;
    const saved = Date.now();
    writeFileSync(screenFile, original.replace(BEFORE, AFTER));
    await page
      .getByRole('columnheader', { name: 'Day of payment', exact: true })
      .first()
      .waitFor({ timeout: 60_000 });
    const shownMs = Date.now() - saved;
    console.log(
      `an edit of ${path.basename(SCREEN)} shown ${(shownMs / 1000).toFixed(1)} s after saving, ` +
        `${navigations - beforeEdit} page load(s)`,
    );
    const signedIn = await page.getByRole('button', { name: 'Logout' }).isVisible();
    console.log(`still signed in after the edit: ${signedIn ? 'yes' : 'no'}`);
    if (!signedIn) failures.push('the session was lost on the edit');
    await page.waitForTimeout(3_000);
    const afterEdit = navigations - beforeEdit;
    if (afterEdit > 1) failures.push(`the edit reloaded the page ${afterEdit} times`);
    await context.close();
  } finally {
    writeFileSync(screenFile, original);
    await browser.close();
    stop(dev);
    stop(api);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('passed');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
