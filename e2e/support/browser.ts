// The run's Chromium (browser-server.ts), plus the helpers every test uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Dialog, Download, Locator, Page } from 'playwright-core';
import { tokenFor } from './api';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser-server';
import { ADMIN, runState } from './env';

export { CHROMIUM_FLAGS };

export function baseUrl(): string {
  return runState().url;
}

/**
 * This worker's one connection to the run's Chromium (started once by global-setup), kept from
 * one test file to the next: jest-light-runner keeps this module loaded between them, so the
 * files' tabs share one browser context per address (contextFor): its renderer process and its
 * HTTP cache, as a returning browser has them. Before a file's tests (its `launch()`), those
 * contexts forget what the last file left: local storage and cookies (a tab's session storage,
 * where the app keeps the session token, is the tab's own and ends with it). What this answers
 * closes nothing on `close()`: a file's tabs end with its tests (`Tabs.close`).
 *   Outside a jest run (a bench that started no browser server) a Chromium of its own, which
 * `close()` ends.
 */
export async function launch(): Promise<Browser> {
  const endpoint = process.env.E2E_STATE_FILE ? runState().browser : undefined;
  if (!endpoint) return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  // Every member as the connection's own, but close(): the connection outlives the file.
  runBrowser ??= chromium.connect(endpoint).then(
    (connected) =>
      new Proxy(connected, {
        get: (target, key) => {
          if (key === 'close') return async () => undefined;
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
  );
  const shared = await runBrowser;
  for (const context of await Promise.all(contexts.get(shared)?.values() ?? [])) {
    await context.clearCookies();
    const onSite = context.pages().filter((tab) => tab.url().startsWith('http'));
    await Promise.all(onSite.map((tab) => tab.evaluate(() => localStorage.clear())));
  }
  return shared;
}

let runBrowser: Promise<Browser> | undefined;

/**
 * A test's tab and the tabs it opens from it (`context.newPage()`); `context.close()` closes
 * them, not the browser context the file's other tabs are in.
 */
export interface Tabs {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface Session {
  context: Tabs;
  page: Page;
  /** Every alert/confirm text, in order. Alerts are accepted; confirms answer `confirmAnswer`. */
  dialogs: string[];
  confirmAnswer: { value: boolean };
}

interface PageOptions {
  width?: number;
  height?: number;
  baseURL?: string;
}

/** The window size a page is opened at: a laptop's unless told otherwise. */
const viewportOf = ({ width = 1280, height = 800 }: PageOptions) => ({ width, height });

/**
 * The browser context of each address a test file opens pages on, one per file (the file's
 * connection to the run's Chromium, `launch()`, ends with it). A page is a tab of it: its session
 * storage, where the app keeps the session token, is its own, as a new tab's is; the local
 * storage and the HTTP cache are the file's. In Chromium a new context costs a new renderer
 * process (1.3 s of processor time on the CI machine before any page is loaded) and a first load
 * with nothing cached (2.3 s for a signed-in Dashboard in all); a new tab of a context that has
 * loaded it once, in that context's process, costs about 0.6 s.
 */
const contexts = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

/**
 * The test files run as TypeScript through tsx, whose esbuild keeps functions' names by wrapping
 * them in calls to a `__name` helper of the module; a function handed to a page (`evaluate`) is
 * sent as its text, helper calls included, and the page has no such helper. Each page gets one
 * that keeps the function as it is.
 */
const KEEP_NAMES = 'globalThis.__name = (target) => target;';

function contextFor(browser: Browser, baseURL: string): Promise<BrowserContext> {
  let byAddress = contexts.get(browser);
  if (!byAddress) contexts.set(browser, (byAddress = new Map()));
  let context = byAddress.get(baseURL);
  if (!context) {
    context = browser.newContext({ baseURL, viewport: viewportOf({}) }).then(async (opened) => {
      await opened.addInitScript(KEEP_NAMES);
      // A tab kept open on the address keeps its renderer process alive between the tests'
      // tabs, which join it (--process-per-site, browser-server.ts): a tab closed as a test
      // ends would otherwise end the process, and the next tab start a new one.
      const keeper = await opened.newPage();
      await keeper.goto('/favicon.ico');
      return opened;
    });
    // A context that failed to open is asked for again by the next page, not answered as failed.
    context.catch(() => byAddress.delete(baseURL));
    byAddress.set(baseURL, context);
  }
  return context;
}

/** Alerts and confirms of `page`, answered and kept in order. */
function answerDialogs(page: Page): Pick<Session, 'dialogs' | 'confirmAnswer'> {
  const dialogs: string[] = [];
  const confirmAnswer = { value: true };
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    // A dialog the page closed itself (it navigated, or its tab closed as the test ended) needs
    // no answer: Chromium then refuses one ("No dialog is showing"), which is not the test's
    // failure. What the dialog said is kept above; each test asserts what the answer did.
    (dialog.type() === 'confirm' && !confirmAnswer.value
      ? dialog.dismiss()
      : dialog.accept()
    ).catch(() => undefined);
  });
  return { dialogs, confirmAnswer };
}

/**
 * A new tab of the file's browser context for the address (contextFor), at the size asked for;
 * so are the tabs the test opens from it.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Session> {
  const context = await contextFor(browser, options.baseURL ?? baseUrl());
  const tabs: Page[] = [];
  const newTab = async () => {
    const tab = await context.newPage();
    tabs.push(tab);
    await tab.setViewportSize(viewportOf(options));
    return tab;
  };
  const page = await newTab();
  const tabsOfSession: Tabs = {
    newPage: newTab,
    close: async () => {
      await Promise.all(tabs.map((tab) => tab.close()));
    },
  };
  return { context: tabsOfSession, page, ...answerDialogs(page) };
}

/**
 * A page in a browser context of its own, with nothing cached: for the benches, which time what a
 * person's first visit costs.
 */
export async function openNewContext(
  browser: Browser,
  options: PageOptions = {},
): Promise<Omit<Session, 'context'> & { context: BrowserContext }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: viewportOf(options),
  });
  await context.addInitScript(KEEP_NAMES);
  const page = await context.newPage();
  return { context, page, ...answerDialogs(page) };
}

/**
 * Signs `page` in as `who` (the admin unless told otherwise) without the login form: the session
 * token, signed in through the API, is placed in sessionStorage before the page loads, as the
 * login form leaves it; the page then opens on the Dashboard. Only the tests of the login form
 * itself use signInWithForm. A page on a server of its own is given that server's `token`.
 */
export async function signIn(page: Page, who = ADMIN, token?: string): Promise<void> {
  await signInAt(page, '/', who, token);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * As signIn, but the page opens signed in at `address`, for a test that goes straight to another
 * screen: loading the whole Dashboard first, then every script of the page again, cost a full
 * page load for nothing. Waits for the signed-in shell's sidebar (in the markup: a phone's drawer
 * is hidden until opened), which the login form never shows; the test then waits for its screen.
 */
export async function signInAt(page: Page, address: string, who = ADMIN, token?: string) {
  token ??= await tokenFor(who);
  const placed = await page.addInitScript((value: string) => {
    window.sessionStorage.setItem('token', value);
  }, token);
  await page.goto(address);
  // Later loads of the tab read the token the first one stored, and a logout clears it.
  await placed.dispose();
  await page.locator('aside[aria-label="Sidebar"]').waitFor({ state: 'attached' });
}

/** Signs in through the login form, as a person does. */
export async function signInWithForm(page: Page, who = ADMIN): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Waits until `dialogs` holds `count` texts (alerts arrive asynchronously). */
export async function dialogCount(dialogs: string[], count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (dialogs.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return dialogs;
}

/**
 * Waits until the texts of `locator` are `expected`, then asserts them. A list asked for again
 * (a new filter in the address) shows its old rows or "Loading..." for a moment; a list that
 * never settles fails with the texts it last had.
 */
export async function expectTextsToSettle(
  locator: Locator,
  expected: string[],
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  const same = async () =>
    JSON.stringify(await locator.allTextContents()) === JSON.stringify(expected);
  while (!(await same()) && Date.now() - started < timeoutMs)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await locator.allTextContents()).toEqual(expected);
}

let downloads: string | undefined;

/**
 * Where a finished download is on this machine: a browser connected to (the run's one Chromium)
 * keeps its downloads to itself, so each is saved into a folder of this test file's, removed when
 * its process ends.
 */
export async function downloaded(download: Download): Promise<string> {
  if (!downloads) {
    const folder = mkdtempSync(path.join(tmpdir(), 'office-finance-downloads-'));
    downloads = folder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  const file = path.join(mkdtempSync(path.join(downloads, 'd-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
