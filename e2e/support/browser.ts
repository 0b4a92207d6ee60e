// Debian's Chromium driven by playwright-core (Playwright's own browser download is not
// available here), plus the helpers every test uses.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { ADMIN, stateFile } from './env';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function baseUrl(): string {
  return (JSON.parse(readFileSync(stateFile(), 'utf8')) as { url: string }).url;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
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

export async function signIn(page: Page, who = ADMIN): Promise<void> {
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
