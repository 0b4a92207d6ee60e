import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { JournalPage as Page, JournalRow } from 'contract';
import {
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
import { IncomePage } from '../IncomePage';
import { CASH } from '../AccountsPage/fixtures';
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
  reverse = mockEndpoint(endpoints.reverseEntry, {
    message: 'Entry reversed',
    entry: {
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
    },
  });
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
        <Route path="/Income" element={<IncomePage />} />
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
    expect(within(rows[3] as HTMLElement).getByText('Sara <sara@x.test>')).toBeInTheDocument();
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
      .map((line) => within(line).getAllByRole('cell')[7]?.textContent);
    expect(recordedBy).toEqual(['Sam <sam@new.test>', 'Sam (former user) <sam@old.test>', '']);
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

  it('reads only the filters of the address that are values of their kind', async () => {
    renderAt('/Journal?kind=loan&partyId=3x&from=2025-05-01&minAmount=1e3');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['from=2025-05-01&limit=50']);
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('names the filters that are not valid instead of applying them', async () => {
    renderAt('/Journal?kind=income');
    await screen.findByText('Entry 10');
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

  it('reverses an entry after a reason and a confirmation, once for a double click', async () => {
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse entry #10' }));
    const dialog = screen.getByRole('dialog', { name: 'Reverse entry #10' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(dialogs.alerts).toEqual(['Please enter a reason']);
    expect(reverse.calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Typed twice');
    dialogs.answerConfirms(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(reverse.calls).toHaveLength(0);

    dialogs.answerConfirms(true);
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(dialogs.confirms.at(-1)).toBe(
      'Reverse entry #10? It will be cancelled in every report.',
    );
    await waitFor(() => expect(dialogs.alerts).toContain('Entry reversed'));
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
    await userEvent.type(screen.getByLabelText('Reason'), 'Late');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'date is in a closed period: the books are closed through 2025-05-31',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Reverse entry #10' })).toBeInTheDocument();
  });

  it('corrects an entry: reverses it, then opens its form filled with its values', async () => {
    renderAt('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Correct entry #10' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct entry #10' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse and correct' }));
    await waitFor(() => expect(reverse.calls).toHaveLength(1));
    expect(reverse.calls[0]).toMatchObject({
      params: { id: '10' },
      body: { reason: 'Wrong amount' },
    });
    await screen.findByRole('heading', { name: 'Add Income' });
    expect(address()).toBe(
      '/Income?partyId=3&Creditdebit=Credit&amount=1500.5&description=Entry+10&date=2025-05-10',
    );
    await screen.findByRole('option', { name: 'Acme' });
    expect(screen.getByLabelText('Client')).toHaveValue('3');
    expect(screen.getByLabelText('Amount')).toHaveValue('1500.5');
    expect(screen.getByLabelText('Date')).toHaveValue('2025-05-10');
  });

  it('lets an admin move the books closed through date', async () => {
    const move = mockEndpoint(endpoints.moveBooksClosed, {
      closedThrough: '2025-04-30',
      canMove: true,
    });
    renderAt('/Journal');
    const control = await screen.findByLabelText('Books closed through');
    await userEvent.clear(control);
    await userEvent.type(control, '2025-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save closing date' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Books closed through 2025-04-30']));
    expect(move.calls.map((call) => call.body)).toEqual([{ closedThrough: '2025-04-30' }]);
  });

  it("shows the server's refusal to move the date", async () => {
    mockEndpoint(
      endpoints.moveBooksClosed,
      failWith(403, 'Only admins can move the books closed through date'),
    );
    renderAt('/Journal');
    const control = await screen.findByLabelText('Books closed through');
    await userEvent.clear(control);
    await userEvent.click(screen.getByRole('button', { name: 'Save closing date' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Only admins can move the books closed through date']),
    );
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
