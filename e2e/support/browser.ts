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
 * The run's Chromium, started once by global-setup: closing what this answers disconnects and
 * closes this file's contexts, not the browser. Outside a jest run (a bench that started no
 * browser server) a Chromium of its own.
 */
export function launch(): Promise<Browser> {
  const endpoint = process.env.E2E_STATE_FILE ? runState().browser : undefined;
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Every alert/confirm text, in order. Alerts are accepted; confirms answer `confirmAnswer`. */
  dialogs: string[];
  confirmAnswer: { value: boolean };
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; baseURL?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const confirmAnswer = { value: true };
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void (dialog.type() === 'confirm' && !confirmAnswer.value ? dialog.dismiss() : dialog.accept());
  });
  return { context, page, dialogs, confirmAnswer };
}

/**
 * Signs `page` in as `who` (the admin unless told otherwise) without the login form: the session
 * token, signed in through the API, is placed in sessionStorage before the page loads, as the
 * login form leaves it; the page then opens on the Dashboard. Only the tests of the login form
 * itself use signInWithForm. A page on a server of its own is given that server's `token`.
 */
export async function signIn(page: Page, who = ADMIN, token?: string): Promise<void> {
  token ??= await tokenFor(who);
  const placed = await page.addInitScript((value: string) => {
    window.sessionStorage.setItem('token', value);
  }, token);
  await page.goto('/');
  // Later loads of the tab read the token the first one stored, and a logout clears it.
  await placed.dispose();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
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
