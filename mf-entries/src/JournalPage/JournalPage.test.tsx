// The Journal: its entries, totals and columns, paging, the closed period, the viewer and the CSV.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  collectDownloads,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
} from 'shared-ui/testing';
import { mockAccounts, shownAddress } from '../testing';
import { mockJournalEachTest, renderJournal, row } from './journal-testing';

const { dialogs, journal, totals, booksClosed, journalCalls } = mockJournalEachTest();

describe('Journal', () => {
  it('lists the entries with their state and the totals over everything that matches', async () => {
    renderJournal('/Journal');
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
    journal.answer({
      entries: [
        row(21, { recordedBy: { id: 5, name: 'Sam', email: 'sam@new.test', former: false } }),
        row(20, { recordedBy: { id: 2, name: 'Sam', email: 'sam@old.test', former: true } }),
        row(19, { recordedBy: null }),
      ],
      next: null,
    });
    renderJournal('/Journal');
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

  it('shows the account of each entry, none for an invoice, where there are two accounts', async () => {
    mockAccounts();
    journal.answer({
      entries: [
        row(21, { accountId: 2, accountName: 'Meezan current', description: 'Paid in' }),
        row(20, { Creditdebit: 'Debit', accountId: null, accountName: null, description: 'Bill' }),
      ],
      next: null,
    });
    renderJournal('/Journal');
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
    renderJournal('/Journal');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Entry 10');
    expect(within(table).queryByRole('columnheader', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('pages by position and goes back to the first page', async () => {
    renderJournal('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Entry 9');
    expect(shownAddress()).toBe('/Journal?kind=income&after=am91cm5hbDoyMDI1LTA1LTEwXzEw');
    expect(journalCalls()).toContain('kind=income&limit=50&after=am91cm5hbDoyMDI1LTA1LTEwXzEw');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await screen.findByText('Entry 10');
    expect(shownAddress()).toBe('/Journal?kind=income');
  });

  it('shows the closed period on one line, and no control to move it (that is in Settings)', async () => {
    renderJournal('/Journal');
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
    renderJournal('/Journal');
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
    renderJournal('/Journal');
    await screen.findByText('No period is closed.');
    expect(screen.queryByLabelText('Books closed through')).not.toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('downloads the server CSV of the filtered journal', async () => {
    const csv = mockEndpoint(endpoints.journalCsv, 'No.,Date\r\n');
    const downloads = collectDownloads();
    renderJournal('/Journal?kind=expense&q=fuel');
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
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Failed to download the CSV']));
    expect(downloads.fileNames).toEqual([]);
  });
});
