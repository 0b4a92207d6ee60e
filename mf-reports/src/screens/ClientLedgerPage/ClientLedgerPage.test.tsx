import { screen, waitFor, within } from '@testing-library/react';
import type { ClientLedgerRow } from 'contract/browser';
import { currentMonthRange } from 'shared-ui';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { ClientLedgerPage } from './ClientLedgerPage';
import {
  axeViolations,
  collectDialogs,
  deferred,
  endpoints,
  mockEndpoint,
  networkFailure,
} from 'shared-ui/testing';

const CLIENTS = { users: [{ id: 7, name: 'Acme', email: 'a@acme.test', companyName: 'Acme' }] };

/**
 * Brought forward from before the range: 150 owed. Then billed 1000 (Debit, owed 1150), paid
 * 400.10 (Credit, owed 749.90), billed 20.05 (owed 769.95).
 */
const row = (
  id: number,
  date: string,
  ammount: number,
  Creditdebit: 'Credit' | 'Debit',
  balance: number,
  description = '',
): ClientLedgerRow => ({
  id,
  createdAt: `${date}T10:00:00.000Z`,
  date,
  ammount,
  Creditdebit,
  description,
  balance,
  clientName: 'Acme',
});
const ROWS = [
  row(11, '2026-03-02', 1000, 'Debit', 1150, 'Invoice 1'),
  row(12, '2026-03-05', 400.1, 'Credit', 749.9, 'Paid, thanks'),
  row(13, '2026-03-09', 20.05, 'Debit', 769.95, '=cmd'),
];

afterEach(() => jest.restoreAllMocks());
// The balance brought forward, as the server answers it (GET /api/ledgers/opening).
let opening: ReturnType<typeof mockEndpoint<typeof endpoints.getLedgerOpening>>;
beforeEach(() => {
  opening = mockEndpoint(endpoints.getLedgerOpening, { startDate: '2026-01-01', balance: 150 });
});

async function chooseClient(user: ReturnType<typeof renderScreen>['user']) {
  await screen.findByRole('option', { name: 'Acme' });
  await user.selectOptions(screen.getByLabelText('Client'), 'Acme');
}

describe('ClientLedgerPage', () => {
  it('should open with the client picker and the current month filled in, and fetch nothing yet', async () => {
    const clients = mockEndpoint(endpoints.listClients, CLIENTS);
    renderScreen(<ClientLedgerPage />);
    const month = currentMonthRange();
    expect(screen.getByRole('heading', { name: 'Client Ledger' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue(month.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(month.to);
    expect(await screen.findByRole('option', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select client' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Ledger' })).toBeInTheDocument();
    expect(clients.calls).toHaveLength(1);
  });

  it('should alert Please select a client when Get Ledger is pressed without one', async () => {
    const clients = mockEndpoint(endpoints.listClients, CLIENTS);
    const dialogs = collectDialogs();
    const { user } = renderScreen(<ClientLedgerPage />);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    expect(dialogs.alerts).toContain('Please select a client');
    expect(clients.calls).toHaveLength(1);
  });

  it('should show the opening balance, Debit/Credit columns, the running balance and closing totals', async () => {
    const answer = deferred();
    mockEndpoint(endpoints.listClients, CLIENTS);
    const get = mockEndpoint(endpoints.listClientLedger, () => answer.promise as never);
    const { user } = renderScreen(<ClientLedgerPage />);
    await chooseClient(user);
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-03-01');
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(get.calls.at(-1)?.query).toEqual({
      clientId: '7',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      limit: '1000',
    });
    answer.resolve({ rows: ROWS, next: null });

    await screen.findByText('Invoice 1');
    expect(tableText()).toEqual([
      ['Date', 'Client', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '150.00'],
      ['2026-03-02', 'Acme', 'Invoice 1', '1,000.00', '', '1,150.00'],
      ['2026-03-05', 'Acme', 'Paid, thanks', '', '400.10', '749.90'],
      ['2026-03-09', 'Acme', '=cmd', '20.05', '', '769.95'],
      ['Closing totals', '', '', '1,020.05', '400.10', '769.95'],
    ]);
    expect(screen.getByText('Period: Client: Acme, 2026-03-01 to 2026-03-31')).toBeInTheDocument();
    // Both balances above the table too, without scrolling to its end.
    const balances = screen.getByLabelText('Balances');
    expect(balances.compareDocumentPosition(screen.getByRole('table'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(Array.from(balances.children).map((part) => part.textContent)).toEqual([
      'Opening balance RS: 150.00',
      'Closing balance RS: 769.95',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should export the ledger with opening line and closing totals, dates ISO, amounts plain', async () => {
    mockEndpoint(endpoints.listClients, CLIENTS);
    mockEndpoint(endpoints.listClientLedger, { rows: ROWS, next: null });
    const downloads = captureDownloads();
    const { user } = renderScreen(<ClientLedgerPage />);
    await chooseClient(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await screen.findByText('Invoice 1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await downloads.last()).toEqual({
      name: 'client-ledger.csv',
      text:
        'Date,Client,Description,Debit,Credit,Balance\r\n' +
        'Opening balance,,,,,150.00\r\n' +
        '2026-03-02,Acme,Invoice 1,1000.00,,1150.00\r\n' +
        '2026-03-05,Acme,"Paid, thanks",,400.10,749.90\r\n' +
        "2026-03-09,Acme,'=cmd,20.05,,769.95\r\n" +
        'Closing totals,,,1020.05,400.10,769.95\r\n',
    });
  });

  it('should show No Records Found for a range without entries', async () => {
    mockEndpoint(endpoints.listClients, CLIENTS);
    mockEndpoint(endpoints.listClientLedger, { rows: [], next: null });
    const { user } = renderScreen(<ClientLedgerPage />);
    await chooseClient(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    expect(await screen.findByText('No Records Found')).toBeInTheDocument();
    // The balance brought forward shows even when the range has no entries.
    expect(tableText()).toEqual([
      ['Date', 'Client', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '150.00'],
      ['No Records Found'],
    ]);
    expect(opening.calls.map((call) => call.query)).toEqual([
      { ledger: 'client', partyId: '7', startDate: expect.stringMatching(/^\d{4}-\d{2}-01$/) },
    ]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('should alert Error fetching ledger when the ledger cannot be fetched', async () => {
    mockEndpoint(endpoints.listClients, CLIENTS);
    mockEndpoint(endpoints.listClientLedger, networkFailure());
    const dialogs = collectDialogs();
    const { user } = renderScreen(<ClientLedgerPage />);
    await chooseClient(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Error fetching ledger'));
  });

  it('should alert the catalogue text when the clients cannot be listed', async () => {
    mockEndpoint(endpoints.listClients, networkFailure());
    const dialogs = collectDialogs();
    renderScreen(<ClientLedgerPage />);
    await waitFor(() => expect(dialogs.alerts).toContain('Error fetching clients'));
  });

  it('should load a 50,000-entry ledger in pages, in a window of rows with exact totals', async () => {
    // 25,000 bills of 10.01 and 25,000 payments of 10.00, from an opening balance of 0.
    let balance = 0;
    const many = Array.from({ length: 50_000 }, (_, index) => {
      const debit = index % 2 === 0;
      balance = Math.round((balance + (debit ? 10.01 : -10)) * 100) / 100;
      return row(index + 1, '2026-03-01', debit ? 10.01 : 10, debit ? 'Debit' : 'Credit', balance);
    });
    mockEndpoint(endpoints.listClients, CLIENTS);
    // Answers as the server pages: `limit` rows from the cursor `after`, and the cursor of the
    // next page (the server's own opaque text; the screen passes it back as it is).
    const ledger = mockEndpoint(endpoints.listClientLedger, ({ query }) => {
      const start = query.after ? Number(query.after.replace('page-', '')) : 0;
      const end = start + Number(query.limit);
      return { rows: many.slice(start, end), next: end < many.length ? `page-${end}` : null };
    });
    const { user } = renderScreen(<ClientLedgerPage />);
    await chooseClient(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    const totals = await screen.findByRole('row', { name: /Closing totals/ }, { timeout: 5000 });

    // 50 full pages of 1,000, each asked for with the `next` of the one before; the last has none.
    expect(ledger.calls).toHaveLength(50);
    expect(ledger.calls.map((call) => call.query.limit)).toEqual(Array(50).fill('1000'));
    expect(ledger.calls[0]?.query.after).toBeUndefined();
    expect(ledger.calls[1]?.query.after).toBe('page-1000');
    expect(ledger.calls[49]?.query.after).toBe('page-49000');

    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '', '250,250.00', '250,000.00', '250.00']);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', String(50_000 + 3));
    const rendered = screen.getAllByRole('row').filter((r) => r.hasAttribute('aria-rowindex'));
    expect(rendered.length).toBeLessThan(100);
    expect(within(screen.getByRole('table')).getByText('Opening balance')).toBeInTheDocument();
  });
});
