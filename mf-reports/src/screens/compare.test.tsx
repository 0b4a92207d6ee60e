// Compare with on the spec's reports: the choice goes to the call and the address, and each
// figure gets the other period's figure (opening its entries), the change and the percent.
import { screen, waitFor } from '@testing-library/react';
import { renderScreen, tableText } from '../testing/test-utils';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { FinanceReportPage } from './FinanceReportPage';
import { YearlyReportPage } from './YearlyReportPage';
import { endpoints, mockEndpoint } from 'shared-ui/testing';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.history.replaceState({}, '', '/');
});

const change = (other: number, delta: number, percent: number | null) => ({
  other,
  change: delta,
  percent,
});

const MARCH = { from: '2026-02-01', to: '2026-02-28' };

describe('Compare with', () => {
  it('Expense Vs Type: asks with compare, shows the other period, change and percent, blank where the other is zero', async () => {
    window.history.replaceState(
      {},
      '',
      '/ExpenseVsTypeReport?startDate=2026-03-01&endDate=2026-03-31',
    );
    const get = mockEndpoint(endpoints.getExpenseVsType, (call) =>
      call.query.compare
        ? [
            {
              expanceTypeId: 1,
              expenseType: 'Rent',
              totalExpense: 600,
              compare: { ...MARCH, totalExpense: change(500, 100, 20) },
            },
            {
              expanceTypeId: 2,
              expenseType: 'Fuel',
              totalExpense: 40,
              compare: { ...MARCH, totalExpense: change(0, 40, null) },
            },
            {
              expanceTypeId: 3,
              expenseType: 'Phone',
              totalExpense: 0,
              compare: { ...MARCH, totalExpense: change(80, -80, -100) },
            },
          ]
        : [{ expanceTypeId: 1, expenseType: 'Rent', totalExpense: 600 }],
    );
    const { user } = renderScreen(<ExpenseVsTypeReportPage />);
    await screen.findByText('Rent');
    expect(tableText()[0]).toEqual(['Expense Type', 'Total Expense']);
    await user.selectOptions(screen.getByLabelText('Compare with'), 'Previous period');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('Fuel');
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate: '2026-03-01', endDate: '2026-03-31' },
      { startDate: '2026-03-01', endDate: '2026-03-31', compare: 'previous' },
    ]);
    expect(window.location.search).toBe(
      '?startDate=2026-03-01&endDate=2026-03-31&compare=previous',
    );
    expect(tableText()).toEqual([
      ['Expense Type', 'Total Expense', 'Previous period', 'Change', 'Change %'],
      ['Rent', '600.00', '500.00', '100.00', '20.00'],
      ['Fuel', '40.00', '0.00', '40.00', ''],
      ['Phone', '0.00', '80.00', '-80.00', '-100.00'],
      ['Total', '640.00', '580.00', '60.00', '10.34'],
    ]);
    expect(screen.getByRole('link', { name: '500.00' })).toHaveAttribute(
      'href',
      '/Journal?from=2026-02-01&to=2026-02-28&kind=expense&partyId=1',
    );
  });

  it('Expense Vs Type: opens with the comparison in its address', async () => {
    window.history.replaceState(
      {},
      '',
      '/ExpenseVsTypeReport?startDate=2026-03-01&endDate=2026-03-31&compare=lastYear',
    );
    const get = mockEndpoint(endpoints.getExpenseVsType, []);
    renderScreen(<ExpenseVsTypeReportPage />);
    await waitFor(() => expect(get.calls).toHaveLength(1));
    expect(get.calls[0]!.query).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      compare: 'lastYear',
    });
    expect(screen.getByLabelText('Compare with')).toHaveValue('lastYear');
  });

  it('Finance Report: Profit/Loss beside the three cards, and each with the compared figure', async () => {
    window.history.replaceState(
      {},
      '',
      '/FinanceReport?startDate=2026-03-01&endDate=2026-03-31&compare=previous',
    );
    const get = mockEndpoint(endpoints.getFinance, {
      income: 1000,
      salary: 300,
      expense: 200,
      profitLoss: 500,
      compare: {
        ...MARCH,
        income: change(800, 200, 25),
        salary: change(300, 0, 0),
        expense: change(0, 200, null),
        profitLoss: change(500, 0, 0),
      },
    });
    renderScreen(<FinanceReportPage />);
    const card = (name: string) => screen.getByRole('region', { name });
    await waitFor(() => expect(card('Profit/Loss')).toHaveTextContent('RS: 500.00'));
    expect(get.calls[0]!.query).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      compare: 'previous',
    });
    expect(card('Income')).toHaveTextContent(
      'Previous period: RS: 800.00 · change RS: 200.00 (25.00%)',
    );
    expect(card('Expense')).toHaveTextContent('Previous period: RS: 0.00 · change RS: 200.00');
    expect(card('Expense')).not.toHaveTextContent('%');
  });

  it('Finance Report: Profit/Loss without a comparison is income less salary and expense', async () => {
    mockEndpoint(endpoints.getFinance, { income: 100.1, salary: 50.05, expense: 70 });
    renderScreen(<FinanceReportPage />);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Profit/Loss' })).toHaveTextContent('RS: -19.95'),
    );
  });

  it('Yearly report: each figure gets the other year’s month, change and percent', async () => {
    window.history.replaceState({}, '', '/YearlyReportPage?year=2026&compare=lastYear');
    const get = mockEndpoint(endpoints.getYearly, [
      {
        month: 1,
        income: 100,
        salary: 10,
        expense: 20,
        pending: 70,
        compare: {
          from: '2025-01-01',
          to: '2025-01-31',
          income: change(50, 50, 100),
          salary: change(10, 0, 0),
          expense: change(20, 0, 0),
          pending: change(20, 50, 250),
        },
      },
    ]);
    renderScreen(<YearlyReportPage />);
    await screen.findByText('January');
    expect(get.calls[0]!.query).toEqual({ year: '2026', compare: 'lastYear' });
    const [header, january] = tableText();
    expect(header).toContain('Income: Same period last year');
    expect(header).toContain('Profit/Loss: Change %');
    expect(january).toEqual([
      'January',
      '100.00',
      '10.00',
      '20.00',
      '70.00',
      '50.00',
      '50.00',
      '100.00',
      '10.00',
      '0.00',
      '0.00',
      '20.00',
      '0.00',
      '0.00',
      '20.00',
      '50.00',
      '250.00',
    ]);
    expect(screen.getByRole('link', { name: '50.00' })).toHaveAttribute(
      'href',
      '/Journal?from=2025-01-01&to=2025-01-31&kind=income&Creditdebit=Credit',
    );
  });
});
