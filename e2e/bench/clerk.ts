// `npm run bench:clerk`: what the clerk's daily routine (issue 32) costs in Chromium against the
// built product filled with the demo data (`npm run seed:demo`'s year of entries) and a bank
// account beside its Cash. Each measure is one function in MEASURES below; each prints its
// figures with their budgets, and the run exits 1 when any figure is beyond its budget. A figure
// is printed as measured, over budget or not. It builds every app first, as the end-to-end setup
// does (E2E_SKIP_BUILD=1 reuses the builds).
//
// Keystrokes are counted as support/clerk.ts says: every key pressed, every character typed, a
// pop-up closed with Enter, a file picked in the file dialog as two.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, openNewContext, type Session } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';
import { startServer, stopServer } from '../support/server';
import { Hands, focusedLabel, typeExpenses, type TypedExpense } from '../support/clerk';

/** One figure: what was measured, and whether a larger or a smaller value is better. */
interface Figure {
  label: string;
  value: number;
  budget: number;
  /** 'max': at most the budget (the default); 'min': at least. */
  kind?: 'max' | 'min';
  unit?: string;
}

interface Bench {
  url: string;
  browser: Browser;
  /** A signed-in page of a staff user of its own (nothing recorded today yet). */
  clerk: (viewport?: { width: number; height: number }) => Promise<Session>;
}

type Measure = (bench: Bench) => Promise<Figure[]>;

const CLERK_PASSWORD = 'bench-clerk-password-1';
const PDF = Buffer.from('%PDF-1.4\n% receipt\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function api<T>(
  url: string,
  token: string | null,
  method: string,
  route: string,
  body?: unknown,
) {
  const response = await fetch(`${url}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForFocus(page: Page, label: string, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await focusedLabel(page)) === label) return true;
    await pause(25);
  }
  return false;
}

/** Counts the clicks a page receives from the bench's own pointer (none is expected). */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const holder = window as unknown as { benchClicks: number };
    holder.benchClicks = 0;
    document.addEventListener(
      'click',
      (event) => {
        // A click the keyboard makes (Enter on a button) has no pointer position.
        if (event.detail > 0) holder.benchClicks += 1;
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { benchClicks: number }).benchClicks);
}

// The demo data's expense types, found by the browser's type-ahead from these letters.
const WEEK: TypedExpense[] = [
  { typeAhead: 'Tr', amount: '1,250', description: 'taxi' },
  {
    typeAhead: '',
    amount: '800.50',
    description: 'fuel',
    receipt: { name: 'fuel.pdf', mimeType: 'application/pdf', buffer: PDF },
  },
  { typeAhead: 'Of', amount: '12,500.75', description: 'paper' },
  { typeAhead: 'Te', amount: '990', description: 'tea' },
  { typeAhead: 'El', amount: '18,400', description: 'bill' },
  {
    typeAhead: 'Re',
    amount: '4,500',
    description: 'tap',
    receipt: { name: 'tap.pdf', mimeType: 'application/pdf', buffer: PDF },
  },
  { typeAhead: 'In', amount: '6,000', description: 'fibre' },
  { typeAhead: 'Te', amount: '450', description: 'milk' },
];

/** 8 expenses by keyboard, 2 with receipts, from the sidebar's Expances link (the one click). */
const expensesByKeyboard: Measure = async ({ clerk }) => {
  const session = await clerk();
  const { page } = session;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Expances' })
    .click();
  await page.getByRole('heading', { name: 'Add Expense', level: 1 }).waitFor();
  const clicks = await countClicks(page);
  const hands = new Hands(page);
  // Without the keyboard on the form's first field, a clerk tabs there from the page's start.
  if (!(await waitForFocus(page, 'Expense Type'))) {
    for (let i = 0; i < 40 && (await focusedLabel(page)) !== 'Expense Type'; i += 1)
      await hands.press('Tab');
  }
  for (const expense of WEEK) {
    await typeExpenses(page, hands, [expense], { dialogs: session.dialogs, alerts: true });
    // Not back on the first field: the clerk goes back there with Shift+Tab.
    for (let i = 0; i < 15 && (await focusedLabel(page)) !== 'Expense Type'; i += 1) {
      await hands.press('Shift+Tab');
    }
  }
  const clicked = await clicks();
  await session.context.close();
  return [
    {
      label: '8 expenses by keyboard, 2 with receipts: keystrokes',
      value: hands.tally.keystrokes,
      budget: 240,
    },
    {
      label: '8 expenses by keyboard, 2 with receipts: Shift+Tab',
      value: hands.tally.shiftTabs,
      budget: 0,
    },
    {
      label: '8 expenses by keyboard, 2 with receipts: clicks after the first',
      value: clicked,
      budget: 0,
    },
  ];
};

/** Rows of the Journal fully on the first screen at 1366×768. */
const journalRowsVisible: Measure = async ({ clerk }) => {
  const session = await clerk({ width: 1366, height: 768 });
  const { page } = session;
  await page.goto('/Journal');
  const rows = page.getByRole('table', { name: 'Journal' }).locator('tbody tr');
  await rows.first().waitFor();
  // The first row may be the table's "Loading..." line: counted once the entries are in.
  await rows.locator('td.ofs-table__state').waitFor({ state: 'detached' });
  const visible = await rows.evaluateAll(
    (elements) =>
      elements.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  const sideways = await page.evaluate(
    () =>
      document.documentElement.scrollWidth > window.innerWidth ||
      Array.from(document.querySelectorAll('table')).some(
        (table) => table.getBoundingClientRect().right > window.innerWidth,
      ),
  );
  await session.context.close();
  return [
    { label: 'Journal rows fully visible at 1366×768', value: visible, budget: 12, kind: 'min' },
    {
      label: 'Journal at 1366×768: tables reaching past the screen',
      value: sideways ? 1 : 0,
      budget: 0,
    },
  ];
};

/** Screens at 390 px whose table is wider than the screen. */
const PHONE_SCREENS = [
  '/Journal',
  '/Payroll',
  '/IncomeReport',
  '/FinanceReport',
  '/ExpenseVsTypeReport',
  '/EmployeesVsSalaryReport',
  '/ClientsVsSales',
  '/ExpenseLedgerPage',
];
const tablesOnPhones: Measure = async ({ clerk }) => {
  const session = await clerk({ width: 390, height: 844 });
  const { page } = session;
  const wide: string[] = [];
  for (const route of PHONE_SCREENS) {
    await page.goto(route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await pause(300);
    const over = await page.evaluate(() =>
      Array.from(document.querySelectorAll('table')).some(
        (table) => table.getBoundingClientRect().width > window.innerWidth,
      ),
    );
    if (over) wide.push(route);
  }
  await session.context.close();
  if (wide.length) console.log(`  (wider than 390 px: ${wide.join(', ')})`);
  return [
    {
      label: `Screens at 390 px with a table wider than the screen (of ${PHONE_SCREENS.length})`,
      value: wide.length,
      budget: 0,
    },
  ];
};

/**
 * Correcting an amount from the Journal at 1366×768: the row's actions menu, its Correct, the
 * amount and the reason typed in the one dialog, Save correction. Counts the pointer clicks, the
 * dialogs and browser pop-ups, and whether anything reached past the screen on the way; the
 * correction must have been written (the line that says what was).
 */
const correctFromJournal: Measure = async ({ clerk }) => {
  const session = await clerk({ width: 1366, height: 768 });
  const { page } = session;
  let dialogs = 0;
  page.on('dialog', () => void (dialogs += 1));
  await page.goto('/Journal?kind=expense');
  const table = page.getByRole('table', { name: 'Journal' });
  await table.locator('tbody tr').first().waitFor();
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  let wide = await sideways();
  let clicks = 0;
  const menu = table.getByRole('button', { name: /^Actions for entry #/ }).first();
  const id = ((await menu.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  await menu.click();
  clicks += 1;
  await page.getByRole('button', { name: `Correct entry #${id}` }).click();
  clicks += 1;
  const modal = page.getByRole('dialog', { name: `Correct entry #${id}` });
  await modal.waitFor();
  dialogs += 1;
  wide ||= await sideways();
  // The Reason has the keyboard: typed, then Tab to the amount, typed over.
  await page.keyboard.type('amount typed wrong');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1');
  await modal.getByRole('button', { name: 'Save correction' }).click();
  clicks += 1;
  await page.getByText(new RegExp(`^Entry corrected.*#${id}`)).waitFor({ timeout: 10_000 });
  wide ||= await sideways();
  await session.context.close();
  return [
    { label: 'Correct an amount from the Journal: clicks', value: clicks, budget: 3 },
    {
      label: 'Correct an amount from the Journal: dialogs and confirmations',
      value: dialogs,
      budget: 1,
    },
    {
      label: 'Correct an amount from the Journal: sideways scroll',
      value: wide ? 1 : 0,
      budget: 0,
    },
  ];
};

/**
 * Payroll for the demo's employees, done: from the Dashboard, the sidebar's Payroll link, a tick
 * for each row the sheet leaves unticked, an amount typed where none is offered, Post payroll and
 * its one confirmation.
 * Counts the pointer clicks and the amounts typed; the payroll must have been posted (the sheet's
 * link to its entries in the journal, and every row paid).
 */
const payroll: Measure = async ({ clerk }) => {
  const session = await clerk({ width: 1366, height: 768 });
  const { page } = session;
  let clicks = 0;
  let typed = 0;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payroll' })
    .click();
  clicks += 1;
  const post = page.getByRole('button', { name: 'Post payroll' });
  await post.waitFor();
  const table = page.getByRole('table', { name: /^Payroll / });
  await table.locator('tbody tr').first().waitFor();
  await table.locator('td.ofs-table__state').waitFor({ state: 'detached' });
  const employees = await table.getByRole('checkbox', { name: /^Pay / }).count();
  for (const amount of await table.getByRole('textbox', { name: /^Amount for / }).all()) {
    if ((await amount.isDisabled()) || (await amount.inputValue()).trim() !== '') continue;
    await amount.fill('1000');
    typed += 1;
  }
  for (const box of await table.getByRole('checkbox', { name: /^Pay / }).all()) {
    if ((await box.isDisabled()) || (await box.isChecked())) continue;
    await box.click();
    clicks += 1;
  }
  await post.click();
  await page.getByRole('button', { name: /^Post \d+ salar/ }).click();
  clicks += 2;
  await page.getByRole('link', { name: 'Entries of this payroll in the journal' }).waitFor();
  // Every row is paid now: nothing left to tick.
  await page.waitForFunction(() =>
    Array.from(
      document.querySelectorAll<HTMLInputElement>('input[type="checkbox"][aria-label^="Pay "]'),
    ).every((box) => box.disabled),
  );
  await session.context.close();
  return [
    {
      label: `Payroll this month for ${employees} employees: clicks (Payroll link, ticks, Post payroll and its confirmation)`,
      value: clicks,
      budget: 3,
    },
    { label: 'Payroll this month: amounts typed', value: typed, budget: 0 },
  ];
};

/**
 * This month against last month on Expense Vs Type, done: Last month pressed, then This month,
 * each change's clicks and keystrokes counted, and each applied (the range shown in the date
 * inputs and the report shown). No key is pressed on the way.
 */
const periodChange: Measure = async ({ clerk }) => {
  const session = await clerk({ width: 1366, height: 768 });
  const { page } = session;
  await page.goto('/ExpenseVsTypeReport');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const today = new Date();
  const month = (offset: number) => {
    const first = new Date(Date.UTC(today.getFullYear(), today.getMonth() + offset, 1));
    return first.toISOString().slice(0, 7);
  };
  let clicks = 0;
  const changes: Array<[string, string]> = [
    ['Last month', month(-1)],
    ['This month', month(0)],
  ];
  for (const [preset, wanted] of changes) {
    await page.getByRole('button', { name: preset }).first().click();
    clicks += 1;
    // Applied: the date inputs show the month, and the report is not loading.
    await page.waitForFunction(
      (month) =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input[type="date"]')).some(
          (input) => input.value.startsWith(month),
        ) && !document.querySelector('td.ofs-table__state'),
      wanted,
      { timeout: 10_000 },
    );
  }
  await session.context.close();
  return [
    {
      label: 'Expense Vs Type, one period change: clicks',
      value: clicks / changes.length,
      budget: 2,
    },
  ];
};

const MEASURES: Array<[string, Measure]> = [
  ['expenses by keyboard', expensesByKeyboard],
  ['journal on a laptop', journalRowsVisible],
  ['tables on a phone', tablesOnPhones],
  ['correct from the Journal', correctFromJournal],
  ['payroll', payroll],
  ['period change', periodChange],
];

const beyond = (figure: Figure) =>
  figure.kind === 'min' ? figure.value < figure.budget : figure.value > figure.budget;

async function main(): Promise<number> {
  const root = repoRoot();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  // The demo data goes into a throw-away data directory before the server opens it.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-bench-clerk-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const seeded = spawnSync('npm', ['run', 'seed:demo'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error('npm run seed:demo failed');
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await launch();
  try {
    const admin = (await api<{ token: string }>(server.url, null, 'POST', '/users/login', ADMIN))
      .token;
    // A bank account beside the demo's Cash, as an office that keeps its books against the bank
    // has: the entry forms then offer Account and the Journal shows its Account column.
    await api(server.url, admin, 'POST', '/accounts', {
      name: 'Meezan current',
      kind: 'Bank',
      openingBalance: '0',
      openingDate: new Date().toISOString().slice(0, 10),
    });
    let clerks = 0;
    const clerk = async (viewport?: { width: number; height: number }) => {
      clerks += 1;
      const who = { email: `clerk-${clerks}-${Date.now()}@bench.local`, password: CLERK_PASSWORD };
      await api(server.url, admin, 'POST', '/users/register', {
        name: `Clerk ${clerks}`,
        ...who,
        role: 'staff',
      });
      const { token } = await api<{ token: string }>(server.url, null, 'POST', '/users/login', who);
      const session = await openNewContext(browser, { ...viewport, baseURL: server.url });
      await session.context.addInitScript(
        (value) => window.sessionStorage.setItem('token', value),
        token,
      );
      await session.page.goto('/');
      await session.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      return session;
    };
    let over = 0;
    for (const [name, measure] of MEASURES) {
      let figures: Figure[];
      try {
        figures = await measure({ url: server.url, browser, clerk });
      } catch (error) {
        console.log(`${name}: could not be measured (${(error as Error).message.split('\n')[0]})`);
        over += 1;
        continue;
      }
      for (const figure of figures) {
        const bound = figure.kind === 'min' ? 'at least' : 'at most';
        const flag = beyond(figure) ? '  OVER BUDGET' : '';
        if (beyond(figure)) over += 1;
        console.log(
          `${figure.label}: ${figure.value}${figure.unit ?? ''} (budget: ${bound} ${figure.budget})${flag}`,
        );
      }
    }
    return over > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
