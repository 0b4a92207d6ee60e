import { screen, waitFor } from '@testing-library/react';
import { toIsoDate } from 'shared-ui';
import {
  axeViolations,
  collectDownloads,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
} from 'shared-ui/testing';
import { renderScreen, tableText } from '../../testing/test-utils';
import { TrialBalancePage } from './TrialBalancePage';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const ANSWER = {
  date: '2026-06-30',
  rows: [
    { accountId: 1, code: '1000', name: 'Cash', type: 'Asset' as const, debit: 480000, credit: 0 },
    {
      accountId: 4,
      code: '1200',
      name: 'Accounts receivable',
      type: 'Asset' as const,
      debit: 20000,
      credit: 0,
    },
    {
      accountId: 7,
      code: '3000',
      name: "Owner's capital",
      type: 'Equity' as const,
      debit: 0,
      credit: 500000,
    },
    { accountId: 9, code: '4000', name: 'Sales', type: 'Income' as const, debit: 0, credit: 50000 },
    {
      accountId: 12,
      code: '5100',
      name: 'Salaries',
      type: 'Expense' as const,
      debit: 50000,
      credit: 0,
    },
  ],
  totals: { debit: 550000, credit: 550000 },
};

describe('TrialBalancePage', () => {
  it("should show every account's debit or credit at today's date with equal totals", async () => {
    mockCurrentUser('viewer');
    const get = mockEndpoint(endpoints.getTrialBalance, ANSWER);
    renderScreen(<TrialBalancePage />);
    expect(screen.getByRole('heading', { name: 'Trial balance' })).toBeInTheDocument();
    await screen.findByText('Accounts receivable');
    const today = toIsoDate(new Date());
    expect(get.calls.map((call) => call.query)).toEqual([{ date: today }]);
    expect(screen.getByText(`Period: As of ${today}`)).toBeInTheDocument();
    expect(tableText()).toEqual([
      ['Code', 'Account', 'Type', 'Debit', 'Credit'],
      ['1000', 'Cash', 'Asset', '480,000.00', '0.00'],
      ['1200', 'Accounts receivable', 'Asset', '20,000.00', '0.00'],
      ['3000', "Owner's capital", 'Equity', '0.00', '500,000.00'],
      ['4000', 'Sales', 'Income', '0.00', '50,000.00'],
      ['5100', 'Salaries', 'Expense', '50,000.00', '0.00'],
      ['Total', '', '', '550,000.00', '550,000.00'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should lead from an account to its general ledger from the start of the financial year', async () => {
    window.history.replaceState({}, '', '/TrialBalance?date=2026-06-30');
    mockEndpoint(endpoints.getTrialBalance, ANSWER);
    renderScreen(<TrialBalancePage />);
    expect(await screen.findByRole('link', { name: 'Sales' })).toHaveAttribute(
      'href',
      '/GeneralLedger?accountId=9&from=2025-07-01&to=2026-06-30',
    );
  });

  it('should take the balances at the date chosen, keep it in the address and download it', async () => {
    const get = mockEndpoint(endpoints.getTrialBalance, ANSWER);
    const pdf = mockEndpoint(endpoints.trialBalancePdf, 'pdf bytes');
    const { user } = renderScreen(<TrialBalancePage />);
    await screen.findByText('Sales');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({ date: '2026-03-31' }),
    );
    expect(window.location.search).toBe('?date=2026-03-31');
    const downloads = collectDownloads();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['trial-balance.pdf']));
    expect(pdf.calls.map((call) => call.query)).toEqual([{ date: '2026-03-31' }]);
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
  });
});
