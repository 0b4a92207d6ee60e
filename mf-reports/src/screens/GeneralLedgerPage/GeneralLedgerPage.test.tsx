import { screen, waitFor, within } from '@testing-library/react';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';
import { renderScreen, tableText } from '../../testing/test-utils';
import { GeneralLedgerPage } from './GeneralLedgerPage';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const ACCOUNTS = {
  accounts: [
    {
      id: 1,
      code: '1000',
      name: 'Cash',
      type: 'Asset' as const,
      parentId: null,
      origin: 'money account' as const,
      closed: false,
      balance: 1000,
      hasPostings: true,
      bookable: false,
    },
  ],
};

const ACCOUNT = { id: 1, code: '1000', name: 'Cash', type: 'Asset' as const };

const line = (
  id: number,
  source: 'entry' | 'voucher' | 'transfer',
  debit: number,
  balance: number,
) => ({
  id,
  date: '2026-06-0' + String(id),
  source,
  sourceId: id * 10,
  description: `Line ${id}`,
  debit,
  credit: 0,
  balance,
});

describe('GeneralLedgerPage', () => {
  it("should show an account's lines with opening and closing balance, paged with Load more", async () => {
    window.history.replaceState({}, '', '/GeneralLedger?accountId=1&from=2026-06-01&to=2026-06-30');
    mockEndpoint(endpoints.listLedgerAccounts, ACCOUNTS);
    const get = mockEndpoint(endpoints.getGeneralLedger, (call) =>
      call.query.after === 'p2'
        ? {
            account: ACCOUNT,
            opening: 100,
            rows: [line(3, 'transfer', 300, 700)],
            next: null,
            closing: 700,
          }
        : {
            account: ACCOUNT,
            opening: 100,
            rows: [line(1, 'entry', 100, 200), line(2, 'voucher', 200, 400)],
            next: 'p2',
            closing: 700,
          },
    );
    const { user } = renderScreen(<GeneralLedgerPage />);
    expect(
      await screen.findByRole('heading', { name: 'General ledger: 1000 Cash' }),
    ).toBeInTheDocument();
    expect(get.calls.map((call) => [call.params, call.query])).toEqual([
      [{ id: '1' }, { from: '2026-06-01', to: '2026-06-30', limit: '100' }],
    ]);
    expect(screen.getByRole('status', { name: 'Balances' })).toHaveTextContent(
      'Opening balance RS: 100.00Closing balance RS: 700.00',
    );
    expect(screen.getByRole('link', { name: 'Entry #10' })).toHaveAttribute(
      'href',
      '/Journal?from=2026-06-01&to=2026-06-01',
    );
    expect(screen.getByRole('link', { name: 'Voucher #20' })).toHaveAttribute('href', '/Vouchers');
    expect(tableText()).toEqual([
      ['Date', 'Source', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '100.00'],
      ['2026-06-01', 'Entry #10', 'Line 1', '100.00', '0.00', '200.00'],
      ['2026-06-02', 'Voucher #20', 'Line 2', '200.00', '0.00', '400.00'],
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Transfer #30');
    expect(get.calls.at(-1)?.query).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      limit: '100',
      after: 'p2',
    });
    expect(tableText().slice(2)).toEqual([
      ['2026-06-01', 'Entry #10', 'Line 1', '100.00', '0.00', '200.00'],
      ['2026-06-02', 'Voucher #20', 'Line 2', '200.00', '0.00', '400.00'],
      ['2026-06-03', 'Transfer #30', 'Line 3', '300.00', '0.00', '700.00'],
      ['Total', '', '', '600.00', '0.00', '700.00'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('should ask nothing until an account is picked, then keep it in the address', async () => {
    mockEndpoint(endpoints.listLedgerAccounts, ACCOUNTS);
    const get = mockEndpoint(endpoints.getGeneralLedger, {
      account: ACCOUNT,
      opening: 0,
      rows: [],
      next: null,
      closing: 0,
    });
    const { user } = renderScreen(<GeneralLedgerPage />);
    const picker = screen.getByLabelText('Account');
    await within(picker).findByRole('option', { name: '1000 Cash' });
    expect(get.calls).toEqual([]);
    await user.selectOptions(picker, '1');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await screen.findByText('No lines in this period');
    await waitFor(() => expect(get.calls).toHaveLength(1));
    expect(window.location.search).toMatch(
      /^\?accountId=1&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    );
  });
});
