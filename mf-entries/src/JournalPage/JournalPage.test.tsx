import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { JournalPage as Page, JournalRow } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  collectDownloads,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  type Dialogs,
  type MockedEndpoint,
  render,
} from 'shared-ui/testing';
import { BANK, CASH } from '../AccountsPage/fixtures';
import { JournalPage } from './JournalPage';

const row = (id: number, extra: Partial<JournalRow> = {}): JournalRow => ({
  id,
  date: '2025-05-10',
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Credit',
  amount: 1500.5,
  description: `Entry ${id}`,
  recordedBy: { id: 4, name: 'Sara', email: 'sara@x.test', former: false },
  recordedAt: '2025-05-10T09:30:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts: 0,
  ...extra,
});

const FIRST: Page = {
  entries: [
    row(12, { reversesId: 11, amount: -40, description: 'Wrong client' }),
    row(11, { reversedById: 12, amount: 40 }),
    row(10),
  ],
  next: 'am91cm5hbDoyMDI1LTA1LTEwXzEw',
};
const SECOND: Page = { entries: [row(9, { kind: 'salary', partyName: 'Bina' })], next: null };

const REVERSAL = {
  id: 13,
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Credit',
  amount: -1500.5,
  description: 'Reverses #10',
  date: '2025-05-10',
  createdAt: '2025-05-11T08:00:00.000Z',
  reversesId: 10,
} as const;

let dialogs: Dialogs;
let journal: MockedEndpoint<typeof endpoints.listJournal>;
let totals: MockedEndpoint<typeof endpoints.getJournalTotals>;
let booksClosed: MockedEndpoint<typeof endpoints.getBooksClosed>;
let reverse: MockedEndpoint<typeof endpoints.reverseEntry>;

beforeEach(() => {
  mockCurrentUser('staff');
  dialogs = collectDialogs();
  totals = mockEndpoint(endpoints.getJournalTotals, { count: 4, credit: 1500.5, debit: 0 });
  booksClosed = mockEndpoint(endpoints.getBooksClosed, {
    closedThrough: '2025-03-31',
    canMove: true,
  });
  journal = mockEndpoint(endpoints.listJournal, ({ query }) => (query.after ? SECOND : FIRST));
  // A correction opens the Income form, which offers the money accounts.
  mockEndpoint(endpoints.listAccounts, { accounts: [CASH] });
  mockEndpoint(endpoints.listClients, {
    users: [{ id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' }],
  });
  mockEndpoint(endpoints.listEmployees, { users: [] });
  mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [] });
  reverse = mockEndpoint(endpoints.reverseEntry, { message: 'Entry reversed', entry: REVERSAL });
});
afterEach(() => jest.restoreAllMocks());

/** Shows the address, to check that the filters live in it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Journal" element={<JournalPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

/** The query of every request for a page of the journal, as the URL carried it. */
const journalCalls = () => journal.calls.map((call) => new URLSearchParams(call.query).toString());
const address = () => screen.getByLabelText('address').textContent;

describe('Journal', () => {
  it('lists the entries with their state and the totals over everything that matches', async () => {
    renderAt('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Entry 10');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('reverses #11')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('reversed by #12')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('1,500.50')).toBeInTheDocument();
    // The name on one line; the e-mail in its tooltip.
    expect(within(rows[3] as HTMLElement).getByText('Sara')).toHaveAttribute(
      'title',
      'sara@x.test',
    );
    expect(within(rows[3] as HTMLElement).getByText('2025-05-10')).toBeInTheDocument();
    // Only an entry that is neither reversed nor a reversal can be reversed or corrected.
    expect(screen.getAllByRole('button', { name: /^Reverse entry/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Correct entry #10' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Totals' })).toHaveTextContent(
      '4 entries match · Credit RS: 1,500.50 · Debit RS: 0.00',
    );
    expect(
      screen.getByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(journalCalls()).toEqual(['limit=50']);
    expect(await axeViolations()).toEqual([]);
  });

  it('tells apart two people of one name by their e-mail, and marks a former user', async () => {
    journal = mockEndpoint(endpoints.listJournal, {
      entries: [
        row(21, { recordedBy: { id: 5, name: 'Sam', email: 'sam@new.test', former: false } }),
        row(20, { recordedBy: { id: 2, name: 'Sam', email: 'sam@old.test', former: true } }),
        row(19, { recordedBy: null }),
      ],
      next: null,
    });
    renderAt('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Entry 21');
    const recordedBy = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((line) => {
        const cell = line.querySelector('td[data-label="Recorded by"]');
        return [cell?.textContent, cell?.querySelector('[title]')?.getAttribute('title')];
      });
    expect(recordedBy).toEqual([
      ['Sam', 'sam@new.test'],
      ['Sam (former user)', 'sam@old.test'],
      ['', undefined],
    ]);
  });

  it('reads its filters from the address and sends them', async () => {
    renderAt('/Journal?kind=income&partyId=3&from=2025-05-01&q=acme');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['from=2025-05-01&kind=income&partyId=3&q=acme&limit=50']);
    expect(totals.calls.map((call) => call.query)).toEqual([
      { from: '2025-05-01', kind: 'income', partyId: '3', q: 'acme' },
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2025-05-01');
    expect(screen.getByLabelText('Kind')).toHaveValue('income');
    await waitFor(() => expect(screen.getByLabelText('Party')).toHaveValue('3'));
    expect(screen.getByLabelText('Text in description or party')).toHaveValue('acme');
  });

  it('puts the applied filters in the address, so that a filter state is a link', async () => {
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'income');
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Debit');
    await userEvent.type(screen.getByLabelText('Amount from'), '100');
    await userEvent.type(screen.getByLabelText('Text in description or party'), 'rent');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(address()).toBe('/Journal?kind=income&Creditdebit=Debit&minAmount=100&q=rent');
    await waitFor(() =>
      expect(journalCalls()).toContain(
        'kind=income&Creditdebit=Debit&minAmount=100&q=rent&limit=50',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('/Journal');
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('shows amounts typed in the amount filters with thousands separators, and applies them exact', async () => {
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const from = screen.getByLabelText('Amount from');
    await userEvent.type(from, '1234567.5');
    await userEvent.tab();
    expect(from).toHaveValue('1,234,567.50');
    await userEvent.type(screen.getByLabelText('Amount to'), '2,000,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(address()).toBe('/Journal?minAmount=1234567.5&maxAmount=2000000');
    await waitFor(() =>
      expect(journalCalls()).toContain('minAmount=1234567.5&maxAmount=2000000&limit=50'),
    );
    expect(screen.getByLabelText('Amount from')).toHaveValue('1,234,567.50');
    expect(screen.getByLabelText('Amount to')).toHaveValue('2,000,000.00');
  });

  it('folds the filters behind a Filters button that counts the applied ones', async () => {
    renderAt('/Journal?kind=income&from=2025-05-01&q=acme');
    await screen.findByText('Entry 10');
    const button = screen.getByRole('button', { name: 'Filters (3)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Apply filters' })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.clear(screen.getByLabelText('Text in description or party'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(address()).toBe('/Journal?from=2025-05-01&kind=income');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('applies a period in one click and shows it in From and To', async () => {
    renderAt('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last year' }));
    const year = new Date().getFullYear() - 1;
    expect(address()).toBe(`/Journal?from=${year}-01-01&to=${year}-12-31&kind=income`);
    expect(screen.getByLabelText('From')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('To')).toHaveValue(`${year}-12-31`);
    expect(screen.getByRole('button', { name: 'Last year' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(journalCalls()).toContain(`from=${year}-01-01&to=${year}-12-31&kind=income&limit=50`),
    );
  });

  it('shows the account of each entry, none for an invoice, where there are two accounts', async () => {
    mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
    journal = mockEndpoint(endpoints.listJournal, {
      entries: [
        row(21, { accountId: 2, accountName: 'Meezan current', description: 'Paid in' }),
        row(20, { Creditdebit: 'Debit', accountId: null, accountName: null, description: 'Bill' }),
      ],
      next: null,
    });
    renderAt('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Paid in');
    await within(table).findByRole('columnheader', { name: 'Account' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(headers.indexOf('Amount'), headers.indexOf('Amount') + 2)).toEqual([
      'Amount',
      'Account',
    ]);
    const cellOf = (tr: HTMLElement) =>
      within(tr).getAllByRole('cell')[headers.indexOf('Account')]?.textContent;
    const rows = within(table).getAllByRole('row');
    expect(cellOf(rows[1] as HTMLElement)).toBe('Meezan current');
    expect(cellOf(rows[2] as HTMLElement)).toBe('');
  });

  it('shows no Account column while Cash is the only account (every payment is its)', async () => {
    renderAt('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Entry 10');
    expect(within(table).queryByRole('columnheader', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('filters by account: the one picked goes in the address and to the server', async () => {
    mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const account = screen.getByLabelText('Account');
    await within(account).findByRole('option', { name: 'Meezan current' });
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All accounts', 'Cash', 'Meezan current']);
    await userEvent.selectOptions(account, 'Meezan current');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(address()).toBe('/Journal?accountId=2');
    await waitFor(() => expect(journalCalls()).toContain('accountId=2&limit=50'));
    expect(totals.calls.map((call) => call.query)).toContainEqual({ accountId: '2' });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('reads the account filter from the address', async () => {
    mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
    renderAt('/Journal?accountId=2&kind=income');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['kind=income&accountId=2&limit=50']);
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('2'));
  });

  it('reads only the filters of the address that are values of their kind', async () => {
    renderAt('/Journal?kind=loan&partyId=3x&from=2025-05-01&minAmount=1e3');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['from=2025-05-01&limit=50']);
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('names the filters that are not valid instead of applying them', async () => {
    renderAt('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await userEvent.type(screen.getByLabelText('Amount from'), '10,5');
    await userEvent.type(screen.getByLabelText('Amount to'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(dialogs.alerts).toEqual(['Please correct the filter: Amount from, Amount to']);
    expect(address()).toBe('/Journal?kind=income');
    expect(journalCalls()).toEqual(['kind=income&limit=50']);
  });

  it('pages by position and goes back to the first page', async () => {
    renderAt('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Entry 9');
    expect(address()).toBe('/Journal?kind=income&after=am91cm5hbDoyMDI1LTA1LTEwXzEw');
    expect(journalCalls()).toContain('kind=income&limit=50&after=am91cm5hbDoyMDI1LTA1LTEwXzEw');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await screen.findByText('Entry 10');
    expect(address()).toBe('/Journal?kind=income');
  });

  it('reverses an entry after a reason, with no other question, once for a double click', async () => {
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse entry #10' }));
    // The dialog's code is fetched the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Reverse entry #10' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(dialogs.alerts).toEqual(['Please enter a reason']);
    expect(reverse.calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Typed twice');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Entry reversed'));
    expect(dialogs.confirms).toEqual([]);
    expect(reverse.calls).toHaveLength(1);
    expect(reverse.calls[0]).toMatchObject({
      params: { id: '10' },
      body: { reason: 'Typed twice' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list and the totals load again.
    await waitFor(() => expect(journalCalls()).toHaveLength(2));
  });

  it('shows the server refusal of a reversal', async () => {
    reverse.once(
      failWith(409, 'date is in a closed period: the books are closed through 2025-05-31'),
    );
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse entry #10' }));
    await userEvent.type(await screen.findByLabelText('Reason'), 'Late');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'date is in a closed period: the books are closed through 2025-05-31',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Reverse entry #10' })).toBeInTheDocument();
  });

  it('corrects an entry in one dialog and one press, then shows the journal again', async () => {
    const correct = mockEndpoint(endpoints.correctEntry, {
      message: 'Entry corrected #10: reversed by #13, recorded again as #14',
      reversal: { ...REVERSAL, id: 13 },
      entry: { ...REVERSAL, id: 14, amount: 1400, reversesId: null },
    });
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Correct entry #10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry #10' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong amount');
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(correct.calls).toHaveLength(1);
    expect(correct.calls[0]).toMatchObject({
      params: { id: '10' },
      body: { reason: 'Wrong amount', amount: 1400 },
    });
    expect(reverse.calls).toHaveLength(0);
    expect(
      screen.getByText('Entry corrected #10: reversed by #13, recorded again as #14'),
    ).toHaveAttribute('role', 'status');
    expect(dialogs.alerts).toEqual([]);
    expect(dialogs.confirms).toEqual([]);
    // Still on the journal, which loads again.
    expect(address()).toBe('/Journal');
    await waitFor(() => expect(journalCalls()).toHaveLength(2));
  });

  it('shows the closed period on one line, and no control to move it (that is in Settings)', async () => {
    renderAt('/Journal');
    expect(
      await screen.findByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Books closed through')).not.toBeInTheDocument();
  });

  it('offers a read-only viewer no Reverse or Correct, and still the list and its CSV', async () => {
    mockCurrentUser('viewer');
    // As the server answers anyone but an admin.
    booksClosed.answer({ closedThrough: '2025-03-31', canMove: false });
    const csv = mockEndpoint(endpoints.journalCsv, 'No.,Date\r\n');
    const downloads = collectDownloads();
    renderAt('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Entry 10');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Books closed through')).not.toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    });
    expect(csv.calls).toHaveLength(1);
    expect(downloads.fileNames).toEqual(['journal.csv']);
  });

  it('offers staff no control to move the date', async () => {
    booksClosed.answer({ closedThrough: null, canMove: false });
    totals.answer({ count: 0, credit: 0, debit: 0 });
    journal.answer({ entries: [], next: null });
    renderAt('/Journal');
    await screen.findByText('No period is closed.');
    expect(screen.queryByLabelText('Books closed through')).not.toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('downloads the server CSV of the filtered journal', async () => {
    const csv = mockEndpoint(endpoints.journalCsv, 'No.,Date\r\n');
    const downloads = collectDownloads();
    renderAt('/Journal?kind=expense&q=fuel');
    await screen.findByText('Entry 10');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    });
    expect(csv.calls.map((call) => call.query)).toEqual([{ kind: 'expense', q: 'fuel' }]);
    expect(downloads.fileNames).toEqual(['journal.csv']);
  });

  it("shows the download's failure text when the server gives none", async () => {
    mockEndpoint(endpoints.journalCsv, failWith(500));
    const downloads = collectDownloads();
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Failed to download the CSV']));
    expect(downloads.fileNames).toEqual([]);
  });
});
