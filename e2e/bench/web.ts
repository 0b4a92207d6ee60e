// `npm run bench:web`: what the production builds cost a browser. Prints the gzipped JavaScript
// the login screen (everything fetched before its form is usable; what it prefetches at idle
// afterwards on its own line) and the dashboard download, each remote's entry file, each remote's
// entry plus its largest exposed screen (beyond the shared libraries), how many copies of React a
// signed-in page loads, the time from pressing Sign In to the dashboard's figures (Debian's
// Chromium on loopback; budgeted once the login page has prefetched the signed-in shell, as it
// has by the time a person has typed; printed when pressed without waiting for it), and the time
// `npm run deploy` takes to rebuild one remote. Each figure is printed with its budget; it exits
// non-zero beyond any budget. It builds every app first, as the end-to-end setup does.
// Staged rollout (docs/decisions/022-staged-rollout.md): what checking the remotes' files costs
// the first remote screen (median of 15 fresh loads with and without the integrity, timed in the page), and the time
// /remotes.json takes to answer a signed-in user while a canary runs (p95), on a server of its own
// with mf-reports deployed and a canary of it.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import globalSetup from '../support/global-setup';
import globalTeardown from '../support/global-teardown';
import { baseUrl, launch, openNewContext } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';
import { startServer, stopServer } from '../support/server';
// Read as data, so the benchmark needs no build of contract before it starts.
import list from '../../contract/src/remotes.json';

const KB = 1024;
const BUDGET = {
  loginKb: 90,
  dashboardKb: 130,
  remoteEntryKb: 5,
  remoteKb: 15,
  signInMs: 500,
  reactCopies: 1,
  rebuildSeconds: 12,
  integrityExtraMs: 20,
  remotesJsonP95Ms: 5,
};
const INTEGRITY_RUNS = 15;
const REMOTES_JSON_REQUESTS = 400;
/** The shell's federation runtime core, loaded before the first remote (decision 006). */
const RUNTIME_PROVIDER = '/federation-runtime.js';
/** The remote whose rebuild is timed (the largest one). */
const REBUILT_REMOTE = 'reports';
const SIGN_IN_RUNS = 7;
/**
 * A key every 60 ms: about 100 words a minute, faster than most people type. The warm-up of the
 * signed-in shell (shell/src/prefetch-signed-in.ts) leaves Chromium storing compiled code for a
 * moment after it ends: a press at that very moment finds the machine busy (in a trial of 16
 * sign-ins each, 497 ms against 350 ms with a 300 ms pause), which a person never does.
 */
const TYPING_MS = 60;

const gz = (bytes: Buffer | string) => gzipSync(bytes).length;
const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** Each remote's folder and its screens (one spec route per exposed module), from the one list. */
const REMOTES = list.remotes.map((remote) => remote.dir);
const REMOTE_ROUTES: Record<string, string[]> = Object.fromEntries(
  list.remotes.map((remote) => [remote.dir, remote.screens.map((screen) => screen.path)]),
);

const built = (remote: string) =>
  existsSync(path.join(repoRoot(), remote, 'dist', 'mf-manifest.json'));

/** Runs in the page: the signed-in shell's chunks its list says the login page runs ahead. */
const SIGNED_IN_WARM = `(() => {
  try {
    return JSON.parse(document.getElementById('signed-in-files').textContent).warm || [];
  } catch {
    return [];
  }
})()`;

/**
 * Gzipped size of every script the page fetched while `action` ran (and until the network is
 * idle), and the bodies. A script the page only prefetched (`<link rel="prefetch">`, which the
 * browser marks with a prefetch purpose header) is kept apart in `prefetched`: it is a hint for
 * the next page, which the login page adds at idle once its form is on screen. It can land before
 * `action` returns, when the files come back fast; it is still not part of the form's cost. On
 * the login page (`signedOut`) the signed-in chunks it runs ahead at idle are kept apart too.
 */
async function scriptsDuring(page: Page, action: () => Promise<void>, signedOut = false) {
  const scripts = new Map<string, Buffer>();
  const prefetched = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    const isScript =
      request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');
    if (!isScript) return;
    const prefetch =
      request.resourceType() !== 'script' &&
      /prefetch/i.test(request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '');
    // The browser keeps a prefetched body for the next page and does not hand it over; the
    // same URL fetched here gives the same bytes.
    const body = prefetch
      ? fetch(response.url()).then(async (answer) => Buffer.from(await answer.arrayBuffer()))
      : response.body();
    pending.push(
      body
        .then((bytes) => void (prefetch ? prefetched : scripts).set(response.url(), bytes))
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  // The login page also runs the signed-in shell's first chunks at idle once its form is shown
  // (shell/src/prefetch-signed-in.ts): files of the next page, kept apart as the prefetched are.
  const ahead = new Set(signedOut ? ((await page.evaluate(SIGNED_IN_WARM)) as string[]) : []);
  for (const [url, body] of scripts) {
    if (!ahead.has(new URL(url).pathname)) continue;
    scripts.delete(url);
    prefetched.set(url, body);
  }
  const bodies = [...scripts.values()];
  const sum = (map: Map<string, Buffer>) => [...map.values()].reduce((n, body) => n + gz(body), 0);
  return { bytes: sum(scripts), bodies, scripts, prefetchedBytes: sum(prefetched), prefetched };
}

// React's own module defines this export once; react-dom only reads it. Counting definitions
// in the loaded scripts counts the copies of React the page runs.
const REACT_DEFINITION = /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=/g;
const reactCopies = (bodies: Buffer[]) =>
  bodies.reduce(
    (sum, body) => sum + (body.toString('utf8').match(REACT_DEFINITION)?.length ?? 0),
    0,
  );

async function apiLogin(url: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { token: string }).token;
}

async function seedIncome(url: string, token: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const client = await fetch(`${url}/api/clients/addClient`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench Client',
      email: 'bench@example.com',
      companyName: 'Bench',
    }),
  }).then((r) => r.json() as Promise<{ user: { id: number } }>);
  await fetch(`${url}/api/incoms/addIncome`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ clientId: client.user.id, amount: 4321.5, Creditdebit: 'Credit' }),
  });
}

/** The dashboard figures the sign-in runs wait for: card label and shown value. */
const FIGURES: [string, string][] = [
  ['Total Income', 'RS: 4,321.50'],
  ['Total Admins', '1'],
];

/** What a sign-in page writes to its console once the figures are on screen, then the time. */
const FIGURES_SHOWN = 'bench: figures shown, ms after the press:';

/**
 * Runs in every page of a sign-in run, and times it in the page itself, on the page's clock:
 * from the pointer going down on Sign In (kept in session storage, which outlives the reload
 * sign-in makes) to the frame after both figures are in the DOM. The page reports on its console,
 * so nothing of Playwright runs in the page while the clock runs (its selector engine, injected
 * into each new document, costs the page ~15 ms of script). Written as text, not as a function:
 * tsx wraps a function's inner functions in a helper (`__name`) that does not exist in the page.
 */
const timeSignIn = `(() => {
  const figures = ${JSON.stringify(FIGURES)};
  addEventListener('pointerdown', (event) => {
    if (event.target instanceof Element && event.target.closest('button[type="submit"]')) {
      sessionStorage.setItem('bench-pressed-at', String(Date.now()));
    }
  }, true);
  const observer = new MutationObserver(() => {
    const shown = figures.every(([label, value]) =>
      Array.from(document.querySelectorAll('[aria-label="' + label + '"] *')).some(
        (element) => element.textContent === value,
      ),
    );
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const pressed = Number(sessionStorage.getItem('bench-pressed-at'));
      console.log(${JSON.stringify(FIGURES_SHOWN)} + ' ' + (pressed ? Date.now() - pressed : -1));
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Runs in the page: clicks the IncomeReport link and answers the milliseconds until the frame
 * after the Income Report heading is in the DOM. Text, not a function, for the reason above.
 */
const timeFirstScreen = `new Promise((resolve) => {
  const link = Array.from(document.querySelectorAll('a')).find(
    (element) => element.textContent === 'IncomeReport',
  );
  const started = performance.now();
  const observer = new MutationObserver(() => {
    const heading = Array.from(document.querySelectorAll('h1')).some(
      (element) => element.textContent === 'Income Report',
    );
    if (!heading) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(Math.round(performance.now() - started)));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  link.click();
})`;

/** One sign-in's times, in ms: from the press on Sign In, and from Playwright's click call. */
interface SignInRun {
  fromPress: number;
  fromClickCall: number;
}

/**
 * One sign-in in a fresh browser context: open the login page, enter the credentials, press Sign
 * In. `typed`: typed key by key at a brisk pace, and the login page has finished its idle prefetch
 * and warm-up of the signed-in shell (they end 300 to 700 ms after the form is shown, well before
 * the typing does). Otherwise filled at once and pressed without waiting, as a password manager
 * might. Answers the time from the press to the figures, and from Playwright's click call (which
 * first checks the button is visible, stable and enabled).
 */
async function signIn(browser: Browser, typed: boolean): Promise<SignInRun> {
  const session = await openNewContext(browser);
  try {
    await session.context.addInitScript({ content: timeSignIn });
    await session.page.goto('/');
    if (typed) {
      // Key by key, at a brisk typist's pace (a key every TYPING_MS).
      await session.page.getByLabel('Email').pressSequentially(ADMIN.email, { delay: TYPING_MS });
      await session.page
        .getByLabel('Password')
        .pressSequentially(ADMIN.password, { delay: TYPING_MS });
    } else {
      await session.page.getByLabel('Email').fill(ADMIN.email);
      await session.page.getByLabel('Password').fill(ADMIN.password);
    }
    if (typed) {
      // Every file the login page hinted for the next page has arrived, and it has run the
      // signed-in page's first chunks ahead (shell/src/prefetch-signed-in.ts).
      await session.page.waitForFunction(() => {
        if (document.documentElement.getAttribute('data-signed-in-code') !== 'ready') return false;
        const arrived = new Set(
          performance.getEntriesByType('resource').map((entry) => entry.name),
        );
        const hinted = Array.from(
          document.querySelectorAll('link[rel="prefetch"]'),
          (link) => (link as HTMLLinkElement).href,
        );
        return hinted.length > 0 && hinted.every((href) => arrived.has(href));
      });
    }
    const shown = session.page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(FIGURES_SHOWN),
      timeout: 20_000,
    });
    const started = Date.now();
    await session.page.getByRole('button', { name: 'Sign In' }).click({ noWaitAfter: true });
    const message = await shown;
    const fromClickCall = Date.now() - started;
    const fromPress = Number(message.text().slice(FIGURES_SHOWN.length));
    if (!(fromPress >= 0)) throw new Error('the page did not note the press on Sign In');
    // After the clock: the figures are the seeded ones, found the way a test finds them.
    for (const [label, value] of FIGURES) {
      await session.page
        .getByRole('region', { name: label })
        .getByText(value, { exact: true })
        .waitFor();
    }
    return { fromPress, fromClickCall };
  } finally {
    await session.context.close();
  }
}

/**
 * `npm run deploy -- <remote>` into a throw-away web root: a production build of that one remote
 * (what a deploy costs), timed by the deploy command itself.
 */
function timeRebuild(remote: string): number {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'office-finance-bench-'));
  try {
    const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', remote], {
      cwd: repoRoot(),
      env: { ...process.env, WEB_ROOT: webRoot },
      encoding: 'utf8',
    });
    const seconds = /built in ([\d.]+) s/.exec(result.stdout ?? '')?.[1];
    if (result.status !== 0 || !seconds) {
      throw new Error(`npm run deploy -- ${remote} failed:\n${result.stdout}\n${result.stderr}`);
    }
    return Number(seconds);
  } finally {
    rmSync(webRoot, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * On a server of its own (a copy of the builds, mf-reports deployed, so its files carry their
 * integrity): the first remote screen's load in a fresh page, median of `INTEGRITY_RUNS`, with the
 * integrity and without it (the list's `integrity` taken out on the way, so the shell reads no
 * chunk table and checks nothing; both runs go through the same interception), the deployed
 * version's chunk table (gzip), and /remotes.json's p95 and size for a signed-in user while a
 * canary of mf-reports runs.
 */
async function rolloutFigures(browser: Browser) {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'office-finance-bench-rollout-'));
  for (const app of ['shell', 'mf-people', 'mf-entries', 'mf-reports', 'mf-settings']) {
    cpSync(path.join(repoRoot(), app, 'dist'), path.join(webRoot, app, 'dist'), {
      recursive: true,
    });
  }
  const deploy = (...args: string[]) => {
    const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', ...args], {
      cwd: repoRoot(),
      env: { ...process.env, WEB_ROOT: webRoot },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`deploy ${args.join(' ')}: ${result.stderr}`);
  };
  deploy('reports', '--from', path.join(repoRoot(), 'mf-reports', 'dist'));
  const server = await startServer({ WEB_ROOT: webRoot });
  try {
    const token = await apiLogin(server.url);
    // The checked loads check something: the list gives mf-reports' entry, manifest and chunk
    // table hashes (else both kinds of load would be the same, and the budget met by nothing).
    const given = (await (
      await fetch(`${server.url}/remotes.json`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      integrity?: Record<string, { entry?: string; manifest?: string; chunks?: string }>;
    };
    const reports = given.integrity?.reports;
    if (!reports?.entry || !reports.manifest || !reports.chunks) {
      throw new Error(
        `/remotes.json gives no integrity for the deployed mf-reports: ${JSON.stringify(given)}`,
      );
    }
    const firstScreen = async (checked: boolean) => {
      const session = await openNewContext(browser, { baseURL: server.url });
      await session.context.addInitScript(
        (value) => window.sessionStorage.setItem('token', value),
        token,
      );
      await session.page.route('**/remotes.json', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        if (!checked) delete body.integrity;
        await route.fulfill({ response, json: body });
      });
      await session.page.goto('/');
      await session.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await session.page.getByRole('button', { name: /Reports/ }).click();
      await session.page.getByRole('link', { name: 'IncomeReport' }).waitFor();
      // Timed in the page, from the link's click to the frame after the screen's heading is in
      // the DOM, as the sign-in is: Playwright's own round trips (each action and wait is a few
      // messages to the browser) no longer weigh on either kind of load.
      const ms = Number(await session.page.evaluate(timeFirstScreen));
      await session.page.getByRole('heading', { level: 1, name: 'Income Report' }).waitFor();
      await session.context.close();
      return ms;
    };
    const withIntegrity: number[] = [];
    const without: number[] = [];
    for (let run = 0; run < INTEGRITY_RUNS; run += 1) {
      without.push(await firstScreen(false));
      withIntegrity.push(await firstScreen(true));
    }

    // A canary needs another version: the same build with one byte more in its manifest.
    const other = mkdtempSync(path.join(tmpdir(), 'office-finance-bench-canary-'));
    cpSync(path.join(repoRoot(), 'mf-reports', 'dist'), other, { recursive: true });
    const manifest = path.join(other, 'mf-manifest.json');
    spawnSync('sh', ['-c', `printf ' ' >> '${manifest}'`]);
    deploy('reports', '--from', other, '--canary', '50');
    // The list below is timed while the canary runs: the deploy state says so.
    const state = JSON.parse(
      readFileSync(path.join(webRoot, 'mf-reports', 'releases', 'state.json'), 'utf8'),
    ) as { canary?: { share?: number } };
    if (state.canary?.share !== 50) throw new Error('the canary of mf-reports did not start');
    rmSync(other, { recursive: true, force: true });
    const timed = async (headers: Record<string, string>) => {
      const times: number[] = [];
      for (let request = 0; request < REMOTES_JSON_REQUESTS; request += 1) {
        const started = process.hrtime.bigint();
        const response = await fetch(`${server.url}/remotes.json`, { headers });
        await response.json();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return times;
    };
    const times = await timed({ Authorization: `Bearer ${token}` });
    const listed = (await (
      await fetch(`${server.url}/remotes.json`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { versions: Record<string, string> };
    const table = await fetch(
      `${server.url}/remotes/mf-reports/v/${listed.versions.reports}/chunk-integrity.json`,
    );
    if (!table.ok) throw new Error(`the chunk table answered ${table.status}`);
    const tableBytes = gz(Buffer.from(await table.arrayBuffer()));
    const listBytes = gz(JSON.stringify(listed));
    // The same list signed out (no session to read, no canary): what the machine gives any request.
    const signedOut = await timed({});
    return {
      withMs: median(withIntegrity),
      withoutMs: median(without),
      withRuns: withIntegrity,
      withoutRuns: without,
      // The first requests warm the server's code paths up.
      remotesJsonP95: percentile(times.slice(20), 95),
      remotesJsonMedian: percentile(times.slice(20), 50),
      signedOutP95: percentile(signedOut.slice(20), 95),
      signedOutMedian: percentile(signedOut.slice(20), 50),
      tableBytes,
      listBytes,
    };
  } finally {
    await stopServer(server);
    rmSync(webRoot, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  // The production build, compressed copies and all: what users download and how fast.
  process.env.BUILD_PROFILE ??= 'production';
  await globalSetup();
  const url = baseUrl();
  const browser = await launch();
  try {
    const token = await apiLogin(url);
    await seedIncome(url, token);

    const login = await openNewContext(browser);
    const loginJs = await scriptsDuring(
      login.page,
      async () => {
        await login.page.goto('/');
        await login.page.getByRole('button', { name: 'Sign In' }).waitFor();
      },
      true,
    );
    await login.context.close();

    const dashboard = await openNewContext(browser);
    await dashboard.context.addInitScript(
      (value) => window.sessionStorage.setItem('token', value),
      token,
    );
    const dashboardJs = await scriptsDuring(dashboard.page, async () => {
      await dashboard.page.goto('/');
      await dashboard.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    });
    await dashboard.context.close();

    // Each remote screen: a signed-in page load of its route, in a browser context of its own;
    // what it fetches beyond what the dashboard page fetched is the remote's own cost (its entry,
    // its screen, anything it did not get from the shared libraries). One page for every route
    // undercounted: a chunk an earlier route had loaded could come from the page's memory cache,
    // which reports no response. React is counted on every such page.
    const remotes: { remote: string; route: string; bytes: number }[] = [];
    let copies = 0;
    let runtimeCoreBytes = 0;
    for (const remote of REMOTES.filter(built)) {
      let largest = { remote, route: '-', bytes: 0 };
      for (const route of REMOTE_ROUTES[remote] ?? []) {
        const signedIn = await openNewContext(browser);
        await signedIn.context.addInitScript(
          (value) => window.sessionStorage.setItem('token', value),
          token,
        );
        const loaded = await scriptsDuring(signedIn.page, async () => {
          await signedIn.page.goto(route);
          await signedIn.page.getByRole('main').waitFor();
        });
        await signedIn.context.close();
        copies = Math.max(copies, reactCopies(loaded.bodies));
        // The federation runtime core is shared by every remote and loaded once, before the
        // first one: it is printed on its own line, not counted against each remote.
        for (const [url, body] of loaded.scripts) {
          if (new URL(url).pathname === RUNTIME_PROVIDER) runtimeCoreBytes = gz(body);
        }
        const own = [...loaded.scripts].filter(
          ([url]) => !dashboardJs.scripts.has(url) && new URL(url).pathname !== RUNTIME_PROVIDER,
        );
        const bytes = own.reduce((sum, [, body]) => sum + gz(body), 0);
        if (bytes > largest.bytes) largest = { remote, route, bytes };
      }
      remotes.push(largest);
    }

    const typedRuns: SignInRun[] = [];
    const hurriedRuns: SignInRun[] = [];
    for (let run = 0; run < SIGN_IN_RUNS; run += 1) {
      typedRuns.push(await signIn(browser, true));
      hurriedRuns.push(await signIn(browser, false));
    }
    const signInTimes = typedRuns.map((run) => run.fromPress);
    const signInMs = median(signInTimes);
    const rebuildSeconds = timeRebuild(REBUILT_REMOTE);
    const rollout = await rolloutFigures(browser);

    const failures: string[] = [];
    const check = (ok: boolean, text: string) => (ok ? 'ok' : (failures.push(text), 'OVER'));
    const rows: string[][] = [
      ['measure', 'value', 'budget', 'verdict'],
      [
        'login screen JS until the form is usable (gzip)',
        `${kb(loginJs.bytes)} KB`,
        `${BUDGET.loginKb} KB`,
        check(loginJs.bytes <= BUDGET.loginKb * KB, 'login screen JS'),
      ],
      [
        'login screen: prefetched or run ahead at idle once the form is shown, not counted above (gzip)',
        `${kb(loginJs.prefetchedBytes)} KB (${loginJs.prefetched.size} files)`,
        '-',
        '-',
      ],
      [
        'dashboard JS (gzip)',
        `${kb(dashboardJs.bytes)} KB`,
        `${BUDGET.dashboardKb} KB`,
        check(dashboardJs.bytes <= BUDGET.dashboardKb * KB, 'dashboard JS'),
      ],
      [
        'React copies loaded',
        String(copies),
        String(BUDGET.reactCopies),
        check(copies === BUDGET.reactCopies, 'React copies'),
      ],
      [
        `sign in to dashboard figures, from the press (median of ${SIGN_IN_RUNS})`,
        `${signInMs} ms`,
        `${BUDGET.signInMs} ms`,
        check(signInMs <= BUDGET.signInMs, 'sign-in time'),
      ],
      [
        `  the same runs, from Playwright's click call`,
        `${median(typedRuns.map((run) => run.fromClickCall))} ms`,
        '-',
        '-',
      ],
      [
        `  pressed as soon as the form is filled, not waiting for the idle prefetch (median of ${SIGN_IN_RUNS})`,
        `${median(hurriedRuns.map((run) => run.fromPress))} ms`,
        '-',
        '-',
      ],
    ];
    rows.push([
      'federation runtime, once before the first remote (gzip)',
      `${kb(runtimeCoreBytes)} KB`,
      '-',
      '-',
    ]);
    rows.push([
      `rebuild of mf-${REBUILT_REMOTE} (npm run deploy)`,
      `${rebuildSeconds.toFixed(1)} s`,
      `${BUDGET.rebuildSeconds} s`,
      check(rebuildSeconds <= BUDGET.rebuildSeconds, 'remote rebuild time'),
    ]);
    const extraMs = rollout.withMs - rollout.withoutMs;
    rows.push([
      `first remote screen (IncomeReport), integrity checked / not (median of ${INTEGRITY_RUNS} fresh loads)`,
      `${rollout.withMs} / ${rollout.withoutMs} ms (${extraMs >= 0 ? '+' : ''}${extraMs} ms)`,
      `+${BUDGET.integrityExtraMs} ms`,
      check(extraMs <= BUDGET.integrityExtraMs, 'integrity checks'),
    ]);
    rows.push([
      `/remotes.json, signed in, canary running (p95 of ${REMOTES_JSON_REQUESTS - 20}; median ${rollout.remotesJsonMedian.toFixed(2)} ms)`,
      `${rollout.remotesJsonP95.toFixed(2)} ms`,
      `${BUDGET.remotesJsonP95Ms} ms`,
      check(rollout.remotesJsonP95 <= BUDGET.remotesJsonP95Ms, '/remotes.json p95'),
    ]);
    rows.push([
      `  the same signed out, no session read (p95; median ${rollout.signedOutMedian.toFixed(2)} ms)`,
      `${rollout.signedOutP95.toFixed(2)} ms`,
      '-',
      '-',
    ]);
    rows.push([
      '/remotes.json size, signed in, canary running (gzip)',
      `${kb(rollout.listBytes)} KB`,
      '-',
      '-',
    ]);
    rows.push([
      `mf-reports: deployed version's chunk table, read beside its manifest (gzip)`,
      `${kb(rollout.tableBytes)} KB`,
      '-',
      '-',
    ]);
    for (const remote of REMOTES.filter(built)) {
      const bytes = gz(readFileSync(path.join(repoRoot(), remote, 'dist', 'remoteEntry.js')));
      rows.push([
        `${remote}: remoteEntry.js (gzip)`,
        `${kb(bytes)} KB`,
        `${BUDGET.remoteEntryKb} KB`,
        check(bytes <= BUDGET.remoteEntryKb * KB, `${remote} entry`),
      ]);
    }
    for (const cost of remotes) {
      rows.push([
        `${cost.remote}: entry + largest screen (${cost.route})`,
        `${kb(cost.bytes)} KB`,
        `${BUDGET.remoteKb} KB`,
        check(cost.bytes <= BUDGET.remoteKb * KB, `${cost.remote} size`),
      ]);
    }
    REMOTES.filter((remote) => !built(remote)).forEach((remote) =>
      rows.push([`${remote}: not built`, '-', '-', 'skipped']),
    );
    const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => r[c]?.length ?? 0))) ?? [];
    for (const row of rows)
      console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  '));
    console.log(`sign-in runs, from the press (ms): ${signInTimes.join(', ')}`);
    console.log(
      `the same, from the click call (ms): ${typedRuns.map((run) => run.fromClickCall).join(', ')}`,
    );
    console.log(
      `pressed without waiting for the prefetch, from the press (ms): ${hurriedRuns.map((run) => run.fromPress).join(', ')}`,
    );
    console.log(
      `first remote screen with integrity (ms): ${rollout.withRuns.join(', ')}; without: ${rollout.withoutRuns.join(', ')}`,
    );
    if (failures.length) console.error(`over budget: ${failures.join(', ')}`);
    return failures.length ? 1 : 0;
  } finally {
    await browser.close();
    await globalTeardown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
