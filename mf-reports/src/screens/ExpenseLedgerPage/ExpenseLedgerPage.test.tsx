import { screen, waitFor, within } from '@testing-library/react';
import type { ExpenseLedgerRow } from 'contract/browser';
import { currentMonthRange } from 'shared-ui';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { ExpenseLedgerPage } from './ExpenseLedgerPage';
import { axeViolations, deferred, endpoints, mockEndpoint } from 'shared-ui/testing';

const ROWS: ExpenseLedgerRow[] = [
  {
    id: 4,
    createdAt: '2026-02-03T08:00:00.000Z',
    date: '2026-02-03',
    ammount: 0.1,
    Creditdebit: 'Credit',
    description: 'Tea "green"',
    balance: 0.1,
    expenseType: 'Pantry',
  },
  {
    id: 5,
    createdAt: '2026-02-04T08:00:00.000Z',
    date: '2026-02-04',
    ammount: 0.2,
    Creditdebit: 'Credit',
    description: '',
    balance: 0.3,
    expenseType: 'Pantry',
  },
];

afterEach(() => jest.restoreAllMocks());
// The balance brought forward, as the server answers it (GET /api/ledgers/opening).
let opening: ReturnType<typeof mockEndpoint<typeof endpoints.getLedgerOpening>>;
beforeEach(() => {
  opening = mockEndpoint(endpoints.getLedgerOpening, { startDate: '2026-01-01', balance: 0 });
});

describe('ExpenseLedgerPage', () => {
  it('should load the current month at once, with its dates filled in as the Client Ledger does', async () => {
    const get = mockEndpoint(endpoints.listExpenseLedger, { rows: ROWS, next: null });
    renderScreen(<ExpenseLedgerPage />);
    expect(screen.getByRole('heading', { name: 'Expense Ledger' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await screen.findByText('Tea "green"');
    const month = currentMonthRange();
    expect(screen.getByLabelText('Start Date')).toHaveValue(month.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(month.to);
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate: month.from, endDate: month.to, limit: '1000' },
    ]);
    expect(screen.getByText(`Period: ${month.from} to ${month.to}`)).toBeInTheDocument();
    expect(tableText()).toEqual([
      ['Date', 'Expense Type', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '0.00'],
      ['2026-02-03', 'Pantry', 'Tea "green"', '', '0.10', '0.10'],
      ['2026-02-04', 'Pantry', '', '', '0.20', '0.30'],
      ['Closing totals', '', '', '0.00', '0.30', '0.30'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should send the dates only when both are set', async () => {
    const get = mockEndpoint(endpoints.listExpenseLedger, { rows: [], next: null });
    const { user } = renderScreen(<ExpenseLedgerPage />);
    await screen.findByText('No Records Found');
    const month = currentMonthRange();
    await user.clear(screen.getByLabelText('End Date'));
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await waitFor(() => expect(get.calls).toHaveLength(2));
    await user.type(screen.getByLabelText('End Date'), '2026-02-28');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await waitFor(() => expect(get.calls).toHaveLength(3));
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate: month.from, endDate: month.to, limit: '1000' },
      { limit: '1000' },
      { startDate: '2026-02-01', endDate: '2026-02-28', limit: '1000' },
    ]);
    // The balance brought forward covers the same period as the ledger call.
    expect(opening.calls.map((call) => call.query)).toEqual([
      { ledger: 'expense', startDate: month.from },
      { ledger: 'expense' },
      { ledger: 'expense', startDate: '2026-02-01' },
    ]);
    expect(await screen.findByText('Period: 2026-02-01 to 2026-02-28')).toBeInTheDocument();
  });

  it('should export CSV with the quotes of a description doubled', async () => {
    mockEndpoint(endpoints.listExpenseLedger, { rows: ROWS, next: null });
    const downloads = captureDownloads();
    const { user } = renderScreen(<ExpenseLedgerPage />);
    await screen.findByText('Tea "green"');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await downloads.last()).toEqual({
      name: 'expense-ledger.csv',
      text:
        'Date,Expense Type,Description,Debit,Credit,Balance\r\n' +
        'Opening balance,,,,,0.00\r\n' +
        '2026-02-03,Pantry,"Tea ""green""",,0.10,0.10\r\n' +
        '2026-02-04,Pantry,,,0.20,0.30\r\n' +
        'Closing totals,,,0.00,0.30,0.30\r\n',
    });
  });

  it('should show the first page of a long month while the rest loads, then the totals', async () => {
    // 1,500 expenses of 1.00: a full first page of 1,000, then the last 500.
    const rows: ExpenseLedgerRow[] = Array.from({ length: 1500 }, (_, index) => ({
      id: index + 1,
      createdAt: '2026-02-03T08:00:00.000Z',
      date: '2026-02-03',
      ammount: 1,
      Creditdebit: 'Credit',
      description: `Expense ${index + 1}`,
      balance: index + 1,
      expenseType: 'Pantry',
    }));
    const rest = deferred<{ rows: ExpenseLedgerRow[]; next: null }>();
    const get = mockEndpoint(endpoints.listExpenseLedger, rest.promise);
    get.once({ rows: rows.slice(0, 1000), next: 'cursor-2' });
    const { user } = renderScreen(<ExpenseLedgerPage />);

    expect(await screen.findByText('Loading more entries... 1,000 so far')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', String(1000 + 3));
    expect(screen.queryByRole('row', { name: /Closing totals/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const { from: startDate, to: endDate } = currentMonthRange();
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate, endDate, limit: '1000' },
      { startDate, endDate, limit: '1000', after: 'cursor-2' },
    ]);

    rest.resolve({ rows: rows.slice(1000), next: null });
    const totals = await screen.findByRole('row', { name: /Closing totals/ });
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '', '0.00', '1,500.00', '1,500.00']);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', String(1500 + 3));
    expect(screen.queryByText(/Loading more entries/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await waitFor(() => expect(get.calls).toHaveLength(3));
  });
});
