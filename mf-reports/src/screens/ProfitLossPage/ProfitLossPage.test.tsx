import { screen, waitFor } from '@testing-library/react';
import { currentMonthRange } from 'shared-ui';
import { axeViolations, collectDownloads, endpoints, mockEndpoint } from 'shared-ui/testing';
import { namedTableText, renderScreen } from '../../testing/test-utils';
import { ProfitLossPage } from './ProfitLossPage';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const answer = (basis: 'accrual' | 'cash', sales: number) => ({
  basis,
  from: '2026-06-01',
  to: '2026-06-30',
  income: [
    { accountId: 9, code: '4000', name: 'Sales', amount: sales },
    { accountId: 10, code: '4100', name: 'Other income', amount: 1230 },
  ],
  expenses: [
    { accountId: 12, code: '5100', name: 'Salaries', amount: 30000 },
    { accountId: 13, code: '5200', name: 'Bank charges', amount: 150.25 },
  ],
  totals: {
    income: sales + 1230,
    expenses: 30150.25,
    profit: Math.round((sales + 1230 - 30150.25) * 100) / 100,
  },
});

describe('ProfitLossPage', () => {
  it('should show income and expenses by account and the profit, the basis in the title', async () => {
    const get = mockEndpoint(endpoints.getProfitLoss, answer('accrual', 50000));
    renderScreen(<ProfitLossPage />);
    expect(
      screen.getByRole('heading', { name: 'Profit and loss (accrual basis)' }),
    ).toBeInTheDocument();
    await screen.findByText('Other income');
    const month = currentMonthRange();
    expect(get.calls.map((call) => call.query)).toEqual([
      { from: month.from, to: month.to, basis: 'accrual' },
    ]);
    expect(namedTableText('Income')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['4000', 'Sales', '50,000.00'],
      ['4100', 'Other income', '1,230.00'],
      ['Total income', '', '51,230.00'],
    ]);
    expect(namedTableText('Expenses')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['5100', 'Salaries', '30,000.00'],
      ['5200', 'Bank charges', '150.25'],
      ['Total expenses', '', '30,150.25'],
    ]);
    expect(screen.getByRole('status', { name: 'Profit and loss totals' })).toHaveTextContent(
      'Income RS: 51,230.00Expenses RS: 30,150.25Profit RS: 21,079.75',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('should count on the cash basis when chosen, name it, keep it in the address and download it', async () => {
    window.history.replaceState({}, '', '/ProfitLoss?from=2026-06-01&to=2026-06-30');
    const get = mockEndpoint(endpoints.getProfitLoss, (call) =>
      answer(
        call.query.basis === 'cash' ? 'cash' : 'accrual',
        call.query.basis === 'cash' ? 20000 : 50000,
      ),
    );
    const pdf = mockEndpoint(endpoints.profitLossPdf, 'pdf bytes');
    const { user } = renderScreen(<ProfitLossPage />);
    await screen.findByText('50,000.00');
    await user.selectOptions(screen.getByLabelText('Basis'), 'cash');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(
      await screen.findByRole('heading', { name: 'Profit and loss (cash basis)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('20,000.00')).toBeInTheDocument();
    expect(get.calls.map((call) => call.query)).toEqual([
      { from: '2026-06-01', to: '2026-06-30', basis: 'accrual' },
      { from: '2026-06-01', to: '2026-06-30', basis: 'cash' },
    ]);
    expect(window.location.search).toBe('?from=2026-06-01&to=2026-06-30&basis=cash');
    const downloads = collectDownloads();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['profit-and-loss.pdf']));
    await waitFor(() =>
      expect(pdf.calls.map((call) => call.query)).toEqual([
        { from: '2026-06-01', to: '2026-06-30', basis: 'cash' },
      ]),
    );
  });

  it('should compare with the previous period: each account and total beside it, kept in the address', async () => {
    window.history.replaceState({}, '', '/ProfitLoss?from=2026-06-01&to=2026-06-30');
    const change = (other: number, changed: number, percent: number | null) => ({
      other,
      change: changed,
      percent,
    });
    const get = mockEndpoint(endpoints.getProfitLoss, (call) => {
      const plain = answer('accrual', 50000);
      if (!call.query.compare) return plain;
      return {
        ...plain,
        income: [
          { ...plain.income[0]!, compare: change(40000, 10000, 25) },
          { ...plain.income[1]!, compare: change(0, 1230, null) },
        ],
        expenses: plain.expenses.map((row) => ({ ...row, compare: change(row.amount, 0, 0) })),
        compare: {
          from: '2026-05-01',
          to: '2026-05-31',
          income: change(40000, 11230, 28.08),
          expenses: change(30150.25, 0, 0),
          profit: change(9849.75, 11230, 114.01),
        },
      };
    });
    const { user } = renderScreen(<ProfitLossPage />);
    await screen.findByText('50,000.00');
    await user.selectOptions(screen.getByLabelText('Compare with'), 'previous');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('25.00');
    expect(get.calls.map((call) => call.query)).toEqual([
      { from: '2026-06-01', to: '2026-06-30', basis: 'accrual' },
      { from: '2026-06-01', to: '2026-06-30', basis: 'accrual', compare: 'previous' },
    ]);
    expect(namedTableText('Income')).toEqual([
      ['Code', 'Account', 'Amount', 'Previous period', 'Change', 'Change %'],
      ['4000', 'Sales', '50,000.00', '40,000.00', '10,000.00', '25.00'],
      ['4100', 'Other income', '1,230.00', '0.00', '1,230.00', ''],
      ['Total income', '', '51,230.00', '40,000.00', '11,230.00', '28.08'],
    ]);
    expect(window.location.search).toBe(
      '?from=2026-06-01&to=2026-06-30&basis=accrual&compare=previous',
    );
    expect(await axeViolations()).toEqual([]);
  });
});
