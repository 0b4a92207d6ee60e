// `npm run test:dev`: a remote's standalone development loop in Chromium, as its team uses it.
// Starts the API (from source, a throw-away PGlite) and `npm run dev -w mf-reports` on ports of
// its own (PORT, API_URL), then checks that the page does not reload by itself (none in 10 s
// after it loaded), that the sign-in form signs in, and that an edit of a screen file shows in the
// page by hot reload: no page load, still signed in, and a Start Date typed into the filters
// before the edit (React state) still there. It also checks that the page runs one React Refresh
// runtime, and that the remote's container (remoteEntry.js, which a host page loads) carries
// neither the refresh runtime nor the dev server's client. The edited file is restored whatever
// happens. Prints each figure; exits 1 on a failure. Not part of `npm test`: it starts two
// servers and a webpack watch (about a minute).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launch } from '../support/browser';
import {
  SCREEN,
  ScreenSource,
  countLoads,
  editAndWatch,
  exitOnSignals,
  signInStandalone,
  typeFilter,
} from '../support/hot-edit';
import { startStandaloneDev } from '../support/standalone-dev';

const QUIET_MS = 10_000;
/** Module names in a development bundle (webpack names modules by path there). */
const REFRESH_RUNTIME = 'ReactRefreshEntry.js';
const DEV_CLIENT = 'webpack-dev-middleware/client/index.js';

/** The React Refresh runtimes the page put into React's global hook (one flag each). */
const refreshRuntimes = (page: Page) =>
  page.evaluate(
    () => Object.keys(globalThis).filter((key) => key.startsWith('__reactRefreshInjected')).length,
  );

async function main(): Promise<void> {
  exitOnSignals();
  const failures: string[] = [];
  const check = (ok: boolean, failure: string) => {
    if (!ok) failures.push(failure);
  };
  const source = new ScreenSource();
  const dev = await startStandaloneDev('mf-reports');
  const browser = await launch();
  try {
    const served = async (file: string) => (await fetch(dev.url + file)).text();
    const [entry, container] = [await served('main.js'), await served('remoteEntry.js')];
    check(
      entry.includes(REFRESH_RUNTIME) && entry.includes(DEV_CLIENT),
      "the standalone page's main.js has no refresh runtime or no dev server client",
    );
    check(
      !container.includes(REFRESH_RUNTIME) && !container.includes(DEV_CLIENT),
      'remoteEntry.js carries the refresh runtime or the dev server client',
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const loads = countLoads(page);
    await page.goto(dev.url);
    await page.getByLabel('Email').waitFor();
    const loaded = loads();
    await page.waitForTimeout(QUIET_MS);
    const reloads = loads() - loaded;
    console.log(`reloads in ${QUIET_MS / 1000} s after the page loaded: ${reloads} (budget 0)`);
    check(reloads === 0, `the page reloaded itself ${reloads} times`);

    await signInStandalone(page);
    console.log('signed in: Income Report shown');
    const runtimes = await refreshRuntimes(page);
    console.log(`React Refresh runtimes in the page: ${runtimes}`);
    check(runtimes === 1, `the page runs ${runtimes} React Refresh runtimes, not 1`);

    await typeFilter(page);
    const seen = await editAndWatch(page, source, 'Day of payment', loads);
    console.log(
      `an edit of ${path.basename(SCREEN)} shown ${(seen.shownMs / 1000).toFixed(1)} s after ` +
        `saving, ${seen.loads} page load(s); still signed in: ${seen.signedIn ? 'yes' : 'no'}; ` +
        `typed Start Date kept: ${seen.filterKept ? 'yes' : 'no'}`,
    );
    check(seen.loads === 0 && seen.sameDocument, `the edit reloaded the page (${seen.loads})`);
    check(seen.signedIn, 'the session was lost on the edit');
    check(seen.filterKept, 'the Start Date typed before the edit was lost');
    await context.close();
  } finally {
    source.restore();
    await browser.close();
    await dev.stop();
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
