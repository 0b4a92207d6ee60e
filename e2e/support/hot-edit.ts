// A saved edit of a screen's source while its standalone page is open, as a developer makes one:
// the Income Report's first column header is renamed in mf-reports' source, and the page is
// watched for the new header, for page loads, and for what a reload would lose (the session, and
// a Start Date typed into the filters but not applied, which lives in React state only).
// `npm run test:dev` and `npm run bench:teams` use it. The file is put back as it was by
// `restore`, and when the process ends, however it ends.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, repoRoot } from './env';

/** The edited screen, in the repository. */
export const SCREEN = path.join(
  'mf-reports',
  'src',
  'screens',
  'IncomeReportPage',
  'IncomeReportPage.tsx',
);
const HEADER = "header: 'Date',";
/** Typed into Start Date and never applied: a reload would clear it. */
const TYPED_DATE = '2026-03-15';

/** The screen's source file: edited in place, restored whatever happens. */
export class ScreenSource {
  readonly file = path.join(repoRoot(), SCREEN);
  private readonly original = readFileSync(this.file, 'utf8');
  private readonly restoreOnExit = () => this.restore();

  constructor() {
    if (!this.original.includes(HEADER)) throw new Error(`${SCREEN} has no ${HEADER}`);
    // Synchronous, so it runs on any exit, a failure's and a signal's (exitOnSignals) included.
    process.once('exit', this.restoreOnExit);
  }

  /** Saves the screen with its first column headed `text`. */
  rename(text: string): void {
    writeFileSync(this.file, this.original.replace(HEADER, `header: '${text}',`));
  }

  restore(): void {
    if (readFileSync(this.file, 'utf8') !== this.original) writeFileSync(this.file, this.original);
  }
}

/** Ctrl-C or SIGTERM end this process through its exit handlers (files restored, servers ended). */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }
}

/** How many times the page has loaded a document (a full load or reload; not an in-page move). */
export function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('domcontentloaded', () => {
    loads += 1;
  });
  return () => loads;
}

/** Signs in through the standalone page's own form; it opens on the Income Report. */
export async function signInStandalone(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Income Report', exact: true }).waitFor();
  await page.getByRole('columnheader', { name: 'Date', exact: true }).first().waitFor();
}

const startDate = (page: Page) => page.getByLabel('Start Date', { exact: true });

/** Types a Start Date into the report's filters without applying it (React state only). */
export async function typeFilter(page: Page): Promise<void> {
  await startDate(page).fill(TYPED_DATE);
}

export interface EditSeen {
  /** From saving the file to the new header in the page. */
  shownMs: number;
  /** Documents the page loaded from saving until it had been still for `settleMs` afterwards. */
  loads: number;
  /** The page's document (and so its JavaScript state) is the one it had before the edit. */
  sameDocument: boolean;
  /** The Logout button is still there. */
  signedIn: boolean;
  /** The Start Date typed before the edit is still in its input. */
  filterKept: boolean;
}

interface Watch {
  shownAt?: number;
}
type Watched = Window & { devLoopWatch?: Watch };

/**
 * Saves `source` with the first column headed `text` and waits for that header in the page.
 * The moment it appears is taken in the page (a mutation observer, Date.now on the same clock)
 * rather than by polling from here.
 */
export async function editAndWatch(
  page: Page,
  source: ScreenSource,
  text: string,
  loads: () => number,
  settleMs = 2_000,
): Promise<EditSeen> {
  await page.evaluate((wanted) => {
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const watch: Watch = {};
    (window as Watched).devLoopWatch = watch;
    new MutationObserver((_records, observer) => {
      const headers = Array.from(document.querySelectorAll('th'));
      if (headers.some((th) => th.textContent?.includes(wanted))) {
        watch.shownAt = Date.now();
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  const loadsBefore = loads();
  const saved = Date.now();
  source.rename(text);
  await page.getByRole('columnheader', { name: text }).first().waitFor({ timeout: 60_000 });
  const seenHere = Date.now();
  // Undefined when the page was reloaded (the observer went with the old document).
  const shownAt = await page.evaluate(() => (window as Watched).devLoopWatch?.shownAt);
  await page.waitForTimeout(settleMs);
  return {
    shownMs: (shownAt ?? seenHere) - saved,
    loads: loads() - loadsBefore,
    sameDocument: await page.evaluate(() => Boolean((window as Watched).devLoopWatch)),
    signedIn: await page.getByRole('button', { name: 'Logout' }).isVisible(),
    filterKept: (await startDate(page).inputValue()) === TYPED_DATE,
  };
}
