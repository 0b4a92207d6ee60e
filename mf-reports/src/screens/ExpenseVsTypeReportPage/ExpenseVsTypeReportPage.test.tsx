import { screen, waitFor } from '@testing-library/react';
import { currentMonthRange, periodRange } from 'shared-ui';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';

const ROWS = [
  { expanceTypeId: 1, expenseType: 'Rent', totalExpense: 600 },
  { expanceTypeId: 2, expenseType: 'Fuel', totalExpense: 400 },
];

afterEach(() => {
  jest.restoreAllMocks();
  // Charts remember Show chart; each test starts closed.
  window.localStorage.clear();
});

describe('ExpenseVsTypeReportPage', () => {
  it('should ask for the current month when the dates are empty and total the types', async () => {
    const month = currentMonthRange();
    const get = mockEndpoint(endpoints.getExpenseVsType, ROWS);
    renderScreen(<ExpenseVsTypeReportPage />);
    expect(screen.getByRole('heading', { name: 'Expense Vs Type' })).toBeInTheDocument();
    await screen.findByText('Rent');
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate: month.from, endDate: month.to },
    ]);
    expect(tableText()).toEqual([
      ['Expense Type', 'Total Expense'],
      ['Rent', '600.00'],
      ['Fuel', '400.00'],
      ['Total', '1,000.00'],
    ]);
  });

  it('should draw the share of each type as a doughnut with a text alternative', async () => {
    const month = currentMonthRange();
    mockEndpoint(endpoints.getExpenseVsType, ROWS);
    const { user } = renderScreen(<ExpenseVsTypeReportPage />);
    await user.click(await screen.findByRole('button', { name: 'Show chart' }));
    const chart = await screen.findByRole('img', {
      name: `Share of expense by type, ${month.from} to ${month.to}: Rent 60.0%, Fuel 40.0%. The table lists the amounts.`,
    });
    expect(chart).toHaveAttribute('data-type', 'doughnut');
    const data = JSON.parse(chart.getAttribute('data-chart') ?? '{}') as {
      labels: string[];
      datasets: Array<{ data: number[] }>;
    };
    expect(data.labels).toEqual(['Rent', 'Fuel']);
    expect(data.datasets[0]?.data).toEqual([600, 400]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should filter by the dates given and export them', async () => {
    const get = mockEndpoint(endpoints.getExpenseVsType, ROWS);
    const downloads = captureDownloads();
    const { user } = renderScreen(<ExpenseVsTypeReportPage />);
    await screen.findByText('Rent');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-01-01');
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.at(-1)?.query).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' }),
    );
    expect(await screen.findByText('Period: 2026-01-01 to 2026-01-31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await downloads.last()).text).toBe(
      'Expense Type,Total Expense\r\nRent,600.00\r\nFuel,400.00\r\nTotal,1000.00\r\n',
    );
  });

  it('should show the month it applies in its inputs, and change period in one click', async () => {
    const get = mockEndpoint(endpoints.getExpenseVsType, ROWS);
    const { user } = renderScreen(<ExpenseVsTypeReportPage />);
    await screen.findByText('Rent');
    const month = currentMonthRange();
    expect(screen.getByLabelText('Start Date')).toHaveValue(month.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(month.to);
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    const last = periodRange('lastMonth');
    await waitFor(() =>
      expect(get.calls.at(-1)?.query).toEqual({ startDate: last.from, endDate: last.to }),
    );
    expect(screen.getByLabelText('Start Date')).toHaveValue(last.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(last.to);
    expect(await screen.findByText(`Period: ${last.from} to ${last.to}`)).toBeInTheDocument();
    expect(window.location.search).toBe(`?startDate=${last.from}&endDate=${last.to}`);
  });

  it('should show No records found and no chart for an empty period', async () => {
    mockEndpoint(endpoints.getExpenseVsType, []);
    renderScreen(<ExpenseVsTypeReportPage />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });
});

describe('ExpenseVsTypeReportPage chart', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('should keep chart.js unloaded until Show chart, and remember the choice', async () => {
    mockEndpoint(endpoints.getExpenseVsType, ROWS);
    const first = renderScreen(<ExpenseVsTypeReportPage />);
    const show = await screen.findByRole('button', { name: 'Show chart' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await first.user.click(show);
    expect(await screen.findByRole('img')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    first.unmount();

    // A later visit opens with the chart drawn.
    renderScreen(<ExpenseVsTypeReportPage />);
    expect(await screen.findByRole('img')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Hide chart' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('reports.showCharts')).toBe('false');
  });
});
