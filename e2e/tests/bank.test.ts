// Books that agree with the bank (issue 33) in Chromium against the built product: a month of
// entries on a new bank account, a statement of 20 lines imported on its register, the
// suggestions accepted, two entries created from unmatched lines in their rows (one proposed by a
// rule, taken with OK), one line excluded in its row (each said in the live region, no pop-up), the account marked reconciled through the statement's last day, and the bank
// reconciliation statement downloaded and read back with pdftotext; the Journal filtered by the
// account; a statement import undone from the register.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  dialogCount,
  downloaded,
  launch,
  openPage,
  type Session,
  signIn,
} from '../support/browser';
import { apiAs, cents, type ApiCall } from '../support/api';

let browser: Browser;
let session: Session;
let page: Page;
let call: ApiCall;
let accountId: number;

const stamp = Date.now().toString(36);
const ACCOUNT = `Bank ${stamp}`;
const CLIENT = `Payer ${stamp}`;
/** The client as the pickers read it: Name (Company). */
const CLIENT_PICKED = `${CLIENT} (Payer Ltd)`;
const SUPPLIES = `Supplies ${stamp}`;
const FEES = `Bank fees ${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
/** The statement's days: one a day, the last six days ago. */
const dayOf = (index: number) =>
  iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 25 + index));
const OPENED = iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 30));
const LAST_DAY = dayOf(19);
const OPENING = 1000;

interface Line {
  date: string;
  amount: number;
  description: string;
}

/** 17 lines with an entry each (income in, expenses out), alone on their amount and day. */
const MATCHED: Line[] = Array.from({ length: 17 }, (_, index) =>
  index % 2 === 0
    ? {
        date: dayOf(index),
        amount: 500 + index * 10.25,
        description: `TRANSFER IN ${stamp} ${index}`,
      }
    : { date: dayOf(index), amount: -(100 + index * 3.5), description: `POS ${stamp} ${index}` },
);
const FEE: Line = { date: dayOf(17), amount: -25.4, description: `BANK FEE ${stamp}` };
const DEPOSIT: Line = { date: dayOf(18), amount: 777.77, description: `CASH DEPOSIT ${stamp}` };
const REVERSAL: Line = { date: dayOf(19), amount: -33.33, description: `REVERSAL ${stamp}` };
const LINES = [...MATCHED, FEE, DEPOSIT, REVERSAL];

const money = (amountCents: number) => (amountCents / 100).toFixed(2);
/** The books after the reconciliation: the opening balance and every line but the excluded one. */
const CLOSING = money(
  cents(OPENING) + [...MATCHED, FEE, DEPOSIT].reduce((sum, line) => sum + cents(line.amount), 0),
);
const grouped = (text: string) =>
  Number(text).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function addExpenseType(name: string): Promise<number> {
  await call('POST', '/expance/addexpancetype', { expancetype: name });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const found = users.find((type) => type.expancetype === name);
  if (!found) throw new Error(`expense type ${name} was not listed`);
  return found.id;
}

const lineRows = () => page.getByRole('list', { name: 'Statement lines' }).getByRole('listitem');
const lineRow = (description: string) => lineRows().filter({ hasText: description });
/** What the screen's polite live region says. */
const said = () => page.getByRole('status').filter({ hasText: /./ });

beforeAll(async () => {
  call = await apiAs();
  await call('PUT', '/journal/closed', { closedThrough: null });
  const supplies = await addExpenseType(SUPPLIES);
  const fees = await addExpenseType(FEES);
  const clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `payer-${stamp}@e2e.local`,
      companyName: 'Payer Ltd',
    })
  ).user.id;
  accountId = (
    await call<{ account: { id: number } }>('POST', '/accounts', {
      name: ACCOUNT,
      kind: 'Bank',
      bankName: 'E2E Bank',
      last4: '4821',
      openingBalance: OPENING,
      openingDate: OPENED,
    })
  ).account.id;
  // A month of entries of the account, each as the bank will show it.
  for (const line of MATCHED) {
    if (line.amount > 0)
      await call('POST', '/incoms/addIncome', {
        clientId,
        clientName: CLIENT,
        amount: line.amount,
        description: `Payment ${line.date}`,
        Creditdebit: 'Credit',
        date: line.date,
        accountId,
      });
    else
      await call('POST', '/expance/addexpance', {
        expanceTypeId: supplies,
        expanceTypeName: SUPPLIES,
        amount: -line.amount,
        description: `Supplies ${line.date}`,
        Creditdebit: 'Credit',
        date: line.date,
        accountId,
      });
  }
  // The bank's fee becomes an expense of its own type by a rule.
  await call('POST', '/bank-rules', {
    contains: `BANK FEE ${stamp}`,
    kind: 'expense',
    partyId: fees,
    description: `Monthly fee ${stamp}`,
  });

  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('Bank reconciliation against the real API', () => {
  it('lists the account on Accounts with its balance today', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Accounts', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    const row = page
      .getByRole('table', { name: 'Accounts' })
      .getByRole('row')
      .filter({ hasText: ACCOUNT });
    await row.waitFor();
    const books = money(
      cents(OPENING) + MATCHED.reduce((sum, line) => sum + cents(line.amount), 0),
    );
    expect(await row.textContent()).toContain(`RS: ${grouped(books)}`);
    expect(await row.textContent()).toContain('E2E Bank …4821');
    await row.getByRole('link', { name: ACCOUNT }).click();
    await page.getByRole('heading', { name: ACCOUNT, level: 1 }).waitFor();
  });

  it('imports a statement of 20 lines on the register, and knows them the second time', async () => {
    const csv = [
      'Date,Description,Amount,Reference',
      ...LINES.map(
        (line, index) =>
          `${line.date},${line.description},${line.amount.toFixed(2)},R${stamp}${index}`,
      ),
    ].join('\r\n');
    const file = { name: `statement-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };
    const form = page.getByRole('form', { name: 'Import statement' });
    await form.getByLabel('File').setInputFiles(file);
    // Previewed once chosen: the columns detected and the first lines as they will be stored.
    const summary = form.getByRole('status', { name: 'Statement preview summary' });
    await summary.getByText('20 lines read: 20 to add, 0 already imported').waitFor();
    const mapping = form.getByRole('group', { name: 'Mapping' });
    expect(await mapping.getByLabel('Date', { exact: true }).inputValue()).toBe('0');
    expect(await mapping.getByLabel('Amount', { exact: true }).inputValue()).toBe('2');
    const first = form.getByRole('table', { name: 'Lines to import' }).getByRole('row');
    expect(await first.filter({ hasText: FEE.description }).innerText()).toContain('-25.40');
    await form.getByRole('button', { name: 'Import statement' }).click();
    const status = page.getByRole('status', { name: 'Statement imported' });
    await status.getByText('20 lines added, 0 already imported').waitFor();

    await form.getByLabel('File').setInputFiles(file);
    await summary.getByText('20 lines read: 0 to add, 20 already imported').waitFor();
    await form.getByRole('button', { name: 'Import statement' }).click();
    await status.getByText('0 lines added, 20 already imported').waitFor();
  });

  it('accepts the suggestions, creates two entries (one by a rule) and excludes one line', async () => {
    await page.getByRole('link', { name: 'Reconcile' }).click();
    await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
    await lineRow(MATCHED[0]!.description).waitFor();
    expect(await lineRows().count()).toBe(20);

    const before = session.dialogs.length;
    await page.getByRole('button', { name: 'Accept all suggested' }).click();
    await said().getByText('Accepted 17 suggested matches.').waitFor();
    await lineRow(MATCHED[0]!.description).waitFor({ state: 'detached' });
    expect(await lineRows().count()).toBe(3);

    // The fee: the rule proposes its type and description, named with the rule, taken with OK.
    const fee = lineRow(FEE.description);
    expect(await fee.innerText()).toContain(`New expense: ${FEES} · Monthly fee ${stamp}`);
    expect(await fee.innerText()).toContain(`Rule: BANK FEE ${stamp}`);
    await fee.getByRole('button', { name: /^OK: / }).click();
    await fee.waitFor({ state: 'detached' });
    await said()
      .getByText(/^Created entry #\d+ for .* and matched it\.$/)
      .waitFor();

    // The deposit: money in, so an income of the client chosen in its row.
    const deposit = lineRow(DEPOSIT.description);
    await deposit.getByRole('button', { name: /^Create: / }).click();
    const form = deposit.getByRole('form', { name: /^Create: / });
    const bookTo = form.getByLabel('Book to');
    await bookTo.getByRole('option', { name: CLIENT_PICKED }).waitFor({ state: 'attached' });
    await bookTo.selectOption({ label: CLIENT_PICKED });
    await form.getByRole('button', { name: /^Create & match: / }).click();
    await deposit.waitFor({ state: 'detached' });

    const reversal = lineRow(REVERSAL.description);
    await reversal.getByRole('button', { name: /^Exclude: / }).click();
    const reason = reversal.getByRole('form', { name: /^Exclude: / });
    await reason.getByLabel('Reason').fill("The bank's own reversal");
    await reason.getByRole('button', { name: /^Exclude: / }).click();
    await page.getByText('No statement lines to match').waitFor();
    await said()
      .getByText(/^Excluded .*REVERSAL/)
      .waitFor();
    expect(session.dialogs.slice(before)).toEqual([]);
  });

  it('refuses a closing balance that does not agree, naming the difference, then reconciles', async () => {
    const section = page.getByRole('region', { name: 'Reconciled through' });
    await section.getByLabel('Date').fill(LAST_DAY);
    const wrong = money(cents(Number(CLOSING)) + 1000);
    await section.getByLabel('Closing balance').fill(wrong);
    await section.getByRole('button', { name: `Mark reconciled through ${LAST_DAY}` }).click();
    const refusal = section.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('10.00');

    const before = session.dialogs.length;
    await section.getByLabel('Closing balance').fill(CLOSING);
    await section.getByRole('button', { name: `Mark reconciled through ${LAST_DAY}` }).click();
    await refusal.waitFor({ state: 'detached' });
    await said().getByText(`Reconciled through ${LAST_DAY}`).waitFor();
    expect(session.dialogs.slice(before)).toEqual([]);
    const accounts = await call<{
      accounts: Array<{ id: number; reconciledThrough: string | null; balance: number }>;
    }>('GET', '/accounts');
    const account = accounts.accounts.find((one) => one.id === accountId)!;
    expect(account.reconciledThrough).toBe(LAST_DAY);
    expect(money(cents(account.balance))).toBe(CLOSING);
  });

  it('shows the register reconciled, and downloads the reconciliation statement', async () => {
    await page.goto(`/Accounts/${accountId}`);
    await page.getByRole('heading', { name: ACCOUNT, level: 1 }).waitFor();
    await page
      .getByText(`RS: ${grouped(CLOSING)}`)
      .first()
      .waitFor();
    const register = page.getByRole('table', { name: 'Register' });
    await register
      .getByRole('row')
      .filter({ hasText: `Monthly fee ${stamp}` })
      .getByText('Reconciled')
      .waitFor();

    await page.goto(`/Accounts/${accountId}/reconcile`);
    await page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` }).waitFor();
    const section = page.getByRole('region', { name: 'Reconciled through' });
    await section.getByLabel('Date').fill(LAST_DAY);
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Reconciliation statement (PDF)' }).click(),
    ]);
    const file = await downloaded(saved);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(ACCOUNT);
    expect(text).toContain(grouped(CLOSING));
  });

  it("lists the account's entries in the Journal by its Account filter, each naming the account", async () => {
    await page.goto('/Journal');
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('option', { name: ACCOUNT }).waitFor({ state: 'attached' });
    await filters.getByLabel('Account').selectOption({ label: ACCOUNT });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    // The 17 entries of the month and the two created from statement lines.
    await page.getByRole('status', { name: 'Totals' }).getByText('19 entries match').waitFor();
    expect(page.url()).toContain(`accountId=${accountId}`);
    const table = page.getByRole('table', { name: 'Journal' });
    const fee = table.getByRole('row').filter({ hasText: `Monthly fee ${stamp}` });
    await fee.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    const cells = await fee.getByRole('cell').allTextContents();
    expect(cells[headers.indexOf('Account')]).toBe(ACCOUNT);
  });

  it('undoes a statement import as one from the register, and refuses while its lines are matched', async () => {
    await page.goto(`/Accounts/${accountId}`);
    await page.getByRole('heading', { name: ACCOUNT, level: 1 }).waitFor();
    const extra = `extra-${stamp}.csv`;
    const form = page.getByRole('form', { name: 'Import statement' });
    // Headers the detection cannot place: the columns are mapped on the screen.
    await form.getByLabel('File').setInputFiles({
      name: extra,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Booked,Text,Money,Ref\r\n${iso(now)},LATE FEE ${stamp},-5.00,X${stamp}\r\n`,
      ),
    });
    await form.getByRole('alert').getByText('Choose the column that holds the date').waitFor();
    expect(await form.getByRole('button', { name: 'Import statement' }).isDisabled()).toBe(true);
    const mapping = form.getByRole('group', { name: 'Mapping' });
    await mapping.getByLabel('Date', { exact: true }).selectOption({ label: 'Booked' });
    await form
      .getByRole('alert')
      .getByText('Choose the amount column, or the Debit and Credit columns')
      .waitFor();
    await mapping.getByLabel('Amount', { exact: true }).selectOption({ label: 'Money' });
    await mapping.getByLabel('Description', { exact: true }).selectOption({ label: 'Text' });
    await form
      .getByRole('table', { name: 'Lines to import' })
      .getByRole('row')
      .filter({ hasText: `LATE FEE ${stamp}` })
      .filter({ hasText: '-5.00' })
      .waitFor();
    await form.getByRole('button', { name: 'Import statement' }).click();
    await page
      .getByRole('status', { name: 'Statement imported' })
      .getByText('1 line added, 0 already imported')
      .waitFor();

    const imports = page.getByRole('table', { name: 'Statement imports' });
    const importRows = (fileName: string) => imports.getByRole('row').filter({ hasText: fileName });
    const undoOf = async (row: Locator, reason: string) => {
      const before = session.dialogs.length;
      await row.getByRole('button', { name: /^Undo import/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Undo import #/ });
      await dialog.getByLabel('Reason for the undo').fill(reason);
      await dialog.getByRole('button', { name: 'Undo import' }).click();
      await dialogCount(session.dialogs, before + 1);
      return { dialog, said: session.dialogs.slice(before) };
    };

    // The month's statement was imported twice: undoing the second import deletes nothing, as
    // the first still holds every line.
    const again = await undoOf(importRows(`statement-${stamp}.csv`).first(), 'Imported twice');
    expect(again.said).toEqual(['Statement import undone']);
    await again.dialog.waitFor({ state: 'detached' });
    await importRows(`statement-${stamp}.csv`).first().getByText('Undone').waitFor();
    // Its first import (the oldest row) holds matched lines alone now: refused, the dialog stays
    // open until closed.
    const refused = await undoOf(importRows(`statement-${stamp}.csv`).last(), 'Wrong file');
    expect(refused.said).toEqual([
      'Lines of this statement are matched or excluded: unmatch them first',
    ]);
    await refused.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await refused.dialog.waitFor({ state: 'detached' });

    const undone = await undoOf(importRows(extra), 'Imported into the wrong account');
    expect(undone.said).toEqual(['Statement import undone']);
    await undone.dialog.waitFor({ state: 'detached' });
    await importRows(extra).getByText('Undone').waitFor();
    const lines = await call<{ lines: Array<{ description: string }> }>(
      'GET',
      `/accounts/${accountId}/reconcile`,
    );
    expect(lines.lines.map((line) => line.description)).not.toContain(`LATE FEE ${stamp}`);
  });
});
