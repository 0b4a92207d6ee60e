import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, tableText } from '../../testing/test-utils';
import { BudgetReportPage } from './BudgetReportPage';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';
import { monthOf } from '../../helpers/months';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const row = (over: object = {}) => ({
  expenseTypeId: 1,
  expenseType: 'Rent',
  status: 'Active',
  budget: 500,
  actual: 450,
  difference: 50,
  percentUsed: 90,
  overBudget: false,
  ...over,
});

const ANSWER = {
  from: '2026-03-01',
  to: '2026-03-31',
  rows: [
    row(),
    row({
      expenseTypeId: 2,
      expenseType: 'Travel',
      budget: 100,
      actual: 150.5,
      difference: -50.5,
      percentUsed: 150.5,
      overBudget: true,
    }),
  ],
  totals: { budget: 600, actual: 600.5, difference: -0.5, percentUsed: 100.08 },
};

describe('BudgetReportPage', () => {
  it("should ask for this month and show each type's budget, actual, difference and percent used, with totals", async () => {
    const get = mockEndpoint(endpoints.getBudgetReport, ANSWER);
    renderScreen(<BudgetReportPage />);
    expect(screen.getByRole('heading', { name: 'Budget vs actual' })).toBeInTheDocument();
    await screen.findByText('Rent');
    expect(get.calls.map((call) => call.query)).toEqual([{ month: monthOf() }]);
    expect(tableText()).toEqual([
      ['Expense Type', 'Budget', 'Actual', 'Difference', 'Percent Used'],
      ['Rent', '500.00', '450.00', '50.00', '90.00%'],
      ['Travel Over budget', '100.00', '150.50', '-50.50', '150.50%'],
      ['Total', '600.00', '600.50', '-0.50', '100.08'],
    ]);
  });

  it('should mark an over-budget row in words, not by colour alone, and link each type to its expenses', async () => {
    mockEndpoint(endpoints.getBudgetReport, ANSWER);
    renderScreen(<BudgetReportPage />);
    const travel = (await screen.findByRole('link', { name: 'Travel' })).closest('tr')!;
    expect(within(travel).getByText('Over budget')).toBeInTheDocument();
    const rent = screen.getByRole('link', { name: 'Rent' }).closest('tr')!;
    expect(within(rent).queryByText('Over budget')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rent' }).getAttribute('href')).toMatch(
      /^\/Journal\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&kind=expense&partyId=1$/,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('should ask for a year to date when chosen, and keep it in the address', async () => {
    const get = mockEndpoint(endpoints.getBudgetReport, ANSWER);
    const { user } = renderScreen(<BudgetReportPage />);
    await screen.findByText('Rent');
    await user.selectOptions(screen.getByLabelText('Period'), 'Year to date');
    await user.selectOptions(screen.getByLabelText('Year'), String(new Date().getFullYear()));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({
        year: String(new Date().getFullYear()),
      }),
    );
    expect(window.location.search).toBe(`?year=${new Date().getFullYear()}`);
  });

  it('should open on the month in its address', async () => {
    window.history.replaceState({}, '', '/BudgetReport?month=2026-02');
    const get = mockEndpoint(endpoints.getBudgetReport, ANSWER);
    renderScreen(<BudgetReportPage />);
    await screen.findByText('Rent');
    expect(get.calls.map((call) => call.query)).toEqual([{ month: '2026-02' }]);
    expect(screen.getByText('Period: February 2026')).toBeInTheDocument();
  });

  it('should offer Download Excel and Download PDF of the period on screen', async () => {
    mockEndpoint(endpoints.getBudgetReport, ANSWER);
    renderScreen(<BudgetReportPage />);
    await screen.findByText('Rent');
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });
});
