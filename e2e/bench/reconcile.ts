// `npm run bench:reconcile`: what a month's bank statement costs the bookkeeper on the reconcile
// screen (issue 42), in Chromium at 1366×768 against the built product on a throw-away database.
// A generated 30-line statement of a new bank account: 20 lines with an entry recorded for them
// (so suggested), 4 transfers with Cash recorded nowhere yet (two ATM withdrawals, two cash
// deposits), 3 bank charges and 3 client receipts with no entry yet. Each line is reconciled as a
// bookkeeper would: OK on a suggestion; Transfer, then Transfer & match; Create, then Create &
// match (choosing in Book to only when the screen did not propose the right choice); then the
// account is marked reconciled through the statement's last day with its closing balance.
//
// Every click the bench makes is counted (a choice in a picker counts as one), and every browser
// pop-up. Each figure is printed with its budget; the run exits 1 when one is beyond it. It builds
// every app first, as the end-to-end setup does (E2E_SKIP_BUILD=1 reuses the builds).
import { spawnSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { launch, openNewContext } from '../support/browser';
import { ADMIN, repoRoot } from '../support/env';
import { startServer, stopServer } from '../support/server';
import { statementOf, type BenchLine } from './reconcile-statement';

interface Figure {
  label: string;
  value: number;
  budget: number;
  /** 'max': at most the budget (the default); 'min': at least. */
  kind?: 'max' | 'min';
}

const beyond = (figure: Figure) =>
  figure.kind === 'min' ? figure.value < figure.budget : figure.value > figure.budget;

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

/** The clicks the bench makes, by the kind of line they were for. */
class Hands {
  readonly clicks = new Map<string, number>();
  total = 0;
  constructor(readonly page: Page) {}
  async click(target: Locator, kind: string) {
    await target.click();
    this.count(kind);
  }
  /** A choice in a picker: one click on the option. */
  async choose(target: Locator, label: string, kind: string) {
    await target.selectOption({ label });
    this.count(kind);
  }
  private count(kind: string) {
    this.clicks.set(kind, (this.clicks.get(kind) ?? 0) + 1);
    this.total += 1;
  }
}

/**
 * The rows of the list whose every control (and the row itself) is inside the viewport. Written
 * without named inner functions: the bench's TypeScript runner would name them with a helper the
 * page does not have.
 */
const rowsInView = (list: Locator) =>
  list.evaluate(
    (element) =>
      Array.from(element.querySelectorAll(':scope > li')).filter((row) =>
        [row, ...Array.from(row.querySelectorAll('button, select, input'))].every(
          (one) =>
            one.getBoundingClientRect().top >= 0 &&
            one.getBoundingClientRect().left >= 0 &&
            one.getBoundingClientRect().bottom <= window.innerHeight &&
            one.getBoundingClientRect().right <= window.innerWidth,
        ),
      ).length,
  );

/** Reconciles one line from its row, as its kind asks. */
async function reconcileLine(page: Page, hands: Hands, line: BenchLine) {
  const row = page
    .getByRole('list', { name: 'Statement lines' })
    .getByRole('listitem')
    .filter({ hasText: line.description });
  await row.waitFor();
  if (line.kind === 'suggested') {
    await hands.click(row.getByRole('button', { name: /^OK: / }), line.kind);
  } else if (line.kind === 'transfer') {
    await hands.click(row.getByRole('button', { name: /^Transfer: / }), line.kind);
    const picker = row.getByLabel(line.amount < 0 ? 'To account' : 'From account');
    await picker.waitFor();
    const chosen = await picker.locator('option:checked').textContent();
    if (chosen !== line.bookTo) await hands.choose(picker, line.bookTo, line.kind);
    await hands.click(row.getByRole('button', { name: /^Transfer & match: / }), line.kind);
  } else {
    await hands.click(row.getByRole('button', { name: /^Create: / }), line.kind);
    const picker = row.getByLabel('Book to');
    // The screen proposes a choice once every list has answered (aria-busy till then).
    await row.locator('select:not([aria-busy])').waitFor();
    const chosen = await picker.locator('option:checked').textContent();
    if (chosen !== line.bookTo) await hands.choose(picker, line.bookTo, line.kind);
    await hands.click(row.getByRole('button', { name: /^Create & match: / }), line.kind);
  }
  await row.waitFor({ state: 'detached' });
}

async function main(): Promise<number> {
  const root = repoRoot();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startServer();
  const browser = await launch();
  try {
    const token = (await api<{ token: string }>(server.url, null, 'POST', '/users/login', ADMIN))
      .token;
    const call = <T>(method: string, route: string, body?: unknown) =>
      api<T>(server.url, token, method, route, body);
    const statement = await statementOf(call, server.url, token);
    const { page, context } = await openNewContext(browser, {
      width: 1366,
      height: 768,
      baseURL: server.url,
    });
    let dialogs = 0;
    page.on('dialog', () => {
      dialogs += 1;
    });
    await context.addInitScript((value) => window.sessionStorage.setItem('token', value), token);
    await page.goto(`/Accounts/${statement.accountId}/reconcile`);
    const list = page.getByRole('list', { name: 'Statement lines' });
    await list
      .getByRole('listitem')
      .filter({ hasText: statement.lines[29]!.description })
      .waitFor();
    const inView = await rowsInView(list);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

    const hands = new Hands(page);
    for (const line of statement.lines) await reconcileLine(page, hands, line);
    await page.getByText('No statement lines to match').waitFor();
    const section = page.getByRole('region', { name: 'Reconciled through' });
    await section.getByLabel('Date').fill(statement.lastDay);
    await section.getByLabel('Closing balance').fill(statement.closingBalance);
    await hands.click(
      section.getByRole('button', { name: `Mark reconciled through ${statement.lastDay}` }),
      'reconciled',
    );
    await page.getByRole('status').getByText(`Reconciled through ${statement.lastDay}`).waitFor();
    const { accounts } = await call<{
      accounts: Array<{ id: number; reconciledThrough: string | null }>;
    }>('GET', '/accounts');
    const through = accounts.find((one) => one.id === statement.accountId)?.reconciledThrough;
    if (through !== statement.lastDay)
      throw new Error(`the account is reconciled through ${through}, not ${statement.lastDay}`);
    await context.close();

    const per = (kind: BenchLine['kind']) =>
      Math.round(
        ((hands.clicks.get(kind) ?? 0) /
          statement.lines.filter((one) => one.kind === kind).length) *
          100,
      ) / 100;
    const figures: Figure[] = [
      { label: 'Clicks per suggested line (20)', value: per('suggested'), budget: 1.1 },
      { label: 'Clicks per transfer (4)', value: per('transfer'), budget: 2 },
      { label: 'Clicks per bank charge (3)', value: per('charge'), budget: 3 },
      { label: 'Clicks per new line (3)', value: per('new'), budget: 3 },
      { label: 'Browser pop-ups', value: dialogs, budget: 0 },
      {
        label: 'Rows with every control in view at 1366x768',
        value: inView,
        budget: 6,
        kind: 'min',
      },
      { label: 'Sideways scroll at 1366x768 (px)', value: Math.max(0, sideways), budget: 0 },
      {
        label: `Clicks to reconcile the 30-line statement through ${statement.lastDay}`,
        value: hands.total,
        budget: 45,
      },
    ];
    let over = 0;
    for (const figure of figures) {
      const bound = figure.kind === 'min' ? 'at least' : 'at most';
      if (beyond(figure)) over += 1;
      console.log(
        `${figure.label}: ${figure.value} (budget: ${bound} ${figure.budget})${beyond(figure) ? '  OVER BUDGET' : ''}`,
      );
    }
    return over > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
