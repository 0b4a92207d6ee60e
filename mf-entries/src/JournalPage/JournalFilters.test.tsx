// The Journal's filters: read from the address and put back in it, sent to the server, and
// refused by name when not valid.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccounts, shownAddress, optionTexts } from '../testing';
import { mockJournalEachTest, renderJournal } from './journal-testing';

const { dialogs, totals, journalCalls } = mockJournalEachTest();

describe('Journal filters', () => {
  it('reads its filters from the address and sends them', async () => {
    renderJournal('/Journal?kind=income&partyId=3&from=2025-05-01&q=acme');
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
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'income');
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Debit');
    await userEvent.type(screen.getByLabelText('Amount from'), '100');
    await userEvent.type(screen.getByLabelText('Text in description or party'), 'rent');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(shownAddress()).toBe('/Journal?kind=income&Creditdebit=Debit&minAmount=100&q=rent');
    await waitFor(() =>
      expect(journalCalls()).toContain(
        'kind=income&Creditdebit=Debit&minAmount=100&q=rent&limit=50',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shownAddress()).toBe('/Journal');
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('shows amounts typed in the amount filters with thousands separators, and applies them exact', async () => {
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const from = screen.getByLabelText('Amount from');
    await userEvent.type(from, '1234567.5');
    await userEvent.tab();
    expect(from).toHaveValue('1,234,567.50');
    await userEvent.type(screen.getByLabelText('Amount to'), '2,000,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(shownAddress()).toBe('/Journal?minAmount=1234567.5&maxAmount=2000000');
    await waitFor(() =>
      expect(journalCalls()).toContain('minAmount=1234567.5&maxAmount=2000000&limit=50'),
    );
    expect(screen.getByLabelText('Amount from')).toHaveValue('1,234,567.50');
    expect(screen.getByLabelText('Amount to')).toHaveValue('2,000,000.00');
  });

  it('folds the filters behind a Filters button that counts the applied ones', async () => {
    renderJournal('/Journal?kind=income&from=2025-05-01&q=acme');
    await screen.findByText('Entry 10');
    const button = screen.getByRole('button', { name: 'Filters (3)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Apply filters' })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.clear(screen.getByLabelText('Text in description or party'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(shownAddress()).toBe('/Journal?from=2025-05-01&kind=income');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('applies a period in one click and shows it in From and To', async () => {
    renderJournal('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last year' }));
    const year = new Date().getFullYear() - 1;
    expect(shownAddress()).toBe(`/Journal?from=${year}-01-01&to=${year}-12-31&kind=income`);
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

  it('filters by account: the one picked goes in the address and to the server', async () => {
    mockAccounts();
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const account = screen.getByLabelText('Account');
    await within(account).findByRole('option', { name: 'Meezan current' });
    expect(optionTexts(account)).toEqual(['All accounts', 'Cash', 'Meezan current']);
    await userEvent.selectOptions(account, 'Meezan current');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(shownAddress()).toBe('/Journal?accountId=2');
    await waitFor(() => expect(journalCalls()).toContain('accountId=2&limit=50'));
    expect(totals.calls.map((call) => call.query)).toContainEqual({ accountId: '2' });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('reads the account filter from the address', async () => {
    mockAccounts();
    renderJournal('/Journal?accountId=2&kind=income');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['kind=income&accountId=2&limit=50']);
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('2'));
  });

  it('reads only the filters of the address that are values of their kind', async () => {
    renderJournal('/Journal?kind=loan&partyId=3x&from=2025-05-01&minAmount=1e3');
    await screen.findByText('Entry 10');
    expect(journalCalls()).toEqual(['from=2025-05-01&limit=50']);
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('names the filters that are not valid instead of applying them', async () => {
    renderJournal('/Journal?kind=income');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await userEvent.type(screen.getByLabelText('Amount from'), '10,5');
    await userEvent.type(screen.getByLabelText('Amount to'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(dialogs.alerts).toEqual(['Please correct the filter: Amount from, Amount to']);
    expect(shownAddress()).toBe('/Journal?kind=income');
    expect(journalCalls()).toEqual(['kind=income&limit=50']);
  });
});
