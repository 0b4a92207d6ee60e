import { screen, waitFor } from '@testing-library/react';
import { axeViolations, collectDownloads, endpoints, mockEndpoint } from 'shared-ui/testing';
import { namedTableText, renderScreen } from '../../testing/test-utils';
import { BalanceSheetPage } from './BalanceSheetPage';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const ANSWER = {
  date: '2026-06-30',
  yearStart: '2025-07-01',
  assets: [
    { accountId: 1, code: '1000', name: 'Cash', amount: 480000 },
    { accountId: 4, code: '1200', name: 'Accounts receivable', amount: 20000.5 },
  ],
  liabilities: [{ accountId: 5, code: '2100', name: 'Salaries payable', amount: 0 }],
  equity: [
    { accountId: 7, code: '3000', name: "Owner's capital", amount: 500000 },
    { accountId: null, code: '', name: 'Profit for the year', amount: 0.5 },
  ],
  totals: { assets: 500000.5, liabilities: 0, equity: 500000.5 },
};

describe('BalanceSheetPage', () => {
  it('should show assets, liabilities and equity with their totals, which agree', async () => {
    window.history.replaceState({}, '', '/BalanceSheet?date=2026-06-30');
    const get = mockEndpoint(endpoints.getBalanceSheet, ANSWER);
    renderScreen(<BalanceSheetPage />);
    expect(screen.getByRole('heading', { name: 'Balance sheet' })).toBeInTheDocument();
    await screen.findByText('Accounts receivable');
    expect(get.calls.map((call) => call.query)).toEqual([{ date: '2026-06-30' }]);
    expect(namedTableText('Assets')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['1000', 'Cash', '480,000.00'],
      ['1200', 'Accounts receivable', '20,000.50'],
      ['Total assets', '', '500,000.50'],
    ]);
    expect(namedTableText('Liabilities')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['2100', 'Salaries payable', '0.00'],
      ['Total liabilities', '', '0.00'],
    ]);
    expect(namedTableText('Equity')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['3000', "Owner's capital", '500,000.00'],
      ['', 'Profit for the year', '0.50'],
      ['Total equity', '', '500,000.50'],
    ]);
    expect(screen.getByRole('status', { name: 'Balance sheet totals' })).toHaveTextContent(
      'Total assets RS: 500,000.50Total liabilities and equity RS: 500,000.50',
    );
    expect(screen.queryByText('The balance sheet does not balance')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cash' })).toHaveAttribute(
      'href',
      '/GeneralLedger?accountId=1&from=2025-07-01&to=2026-06-30',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('should take the figures at the date chosen and download them for it', async () => {
    const get = mockEndpoint(endpoints.getBalanceSheet, ANSWER);
    const excel = mockEndpoint(endpoints.balanceSheetExcel, 'xlsx bytes');
    const { user } = renderScreen(<BalanceSheetPage />);
    await screen.findByText('Cash');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({ date: '2026-01-31' }),
    );
    expect(window.location.search).toBe('?date=2026-01-31');
    const downloads = collectDownloads();
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['balance-sheet.xlsx']));
    await waitFor(() =>
      expect(excel.calls.map((call) => call.query)).toEqual([{ date: '2026-01-31' }]),
    );
  });
});
