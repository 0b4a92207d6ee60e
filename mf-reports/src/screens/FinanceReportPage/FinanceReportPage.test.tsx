import { screen, waitFor } from '@testing-library/react';
import { currentMonthRange } from 'shared-ui';
import { renderScreen } from '../../testing/test-utils';
import { FinanceReportPage } from './FinanceReportPage';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';

afterEach(() => jest.restoreAllMocks());

const card = (name: string) => screen.getByRole('region', { name });

describe('FinanceReportPage', () => {
  it('should show Income, Salary and Expense for the current month with RS:', async () => {
    const month = currentMonthRange();
    const get = mockEndpoint(endpoints.getFinance, { income: 1500.5, salary: 700, expense: 0 });
    renderScreen(<FinanceReportPage />);
    expect(screen.getByRole('heading', { name: 'Finance Report', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(card('Income')).toHaveTextContent('RS: 1,500.50'));
    expect(card('Salary')).toHaveTextContent('RS: 700.00');
    expect(card('Expense')).toHaveTextContent('RS: 0.00');
    expect(get.calls.map((call) => call.query)).toEqual([{ from: month.from, to: month.to }]);
    expect(screen.getByText(`Period: ${month.from} to ${month.to}`)).toBeInTheDocument();
    // The month it applies is in its inputs.
    expect(screen.getByLabelText('Start Date')).toHaveValue(month.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(month.to);
    expect(await axeViolations()).toEqual([]);
  });

  it('should show this year in one click', async () => {
    const get = mockEndpoint(endpoints.getFinance, { income: 1, salary: 2, expense: 3 });
    const { user } = renderScreen(<FinanceReportPage />);
    await user.click(screen.getByRole('button', { name: 'This year' }));
    const year = new Date().getFullYear();
    await waitFor(() =>
      expect(get.calls.at(-1)?.query).toEqual({ from: `${year}-01-01`, to: `${year}-12-31` }),
    );
    expect(screen.getByLabelText('Start Date')).toHaveValue(`${year}-01-01`);
    expect(await screen.findByText(`Period: ${year}-01-01 to ${year}-12-31`)).toBeInTheDocument();
  });

  it('should reload for the dates given on Filter', async () => {
    const get = mockEndpoint(endpoints.getFinance, { income: 1, salary: 2, expense: 3 });
    const { user } = renderScreen(<FinanceReportPage />);
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-01-01');
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({
        from: '2026-01-01',
        to: '2026-03-31',
      }),
    );
    expect(await screen.findByText('Period: 2026-01-01 to 2026-03-31')).toBeInTheDocument();
  });
});
