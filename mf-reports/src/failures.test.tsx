// What each screen does when its call fails (spec §8): most alert the server's message or the
// catalogue text; the finance, expense-vs-type and income reports only log. One table, so the
// rule per screen reads at a glance.
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ApiError } from 'shared-ui';
import { ClientsVsSalesPage } from './ClientsVsSalesPage';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
import { ExpenseLedgerPage } from './ExpenseLedgerPage';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { FinanceReportPage } from './FinanceReportPage';
import { IncomeReportPage } from './IncomeReportPage';
import { TotalsReportPage } from './TotalsReportPage';
import { YearlyReportPage } from './YearlyReportPage';
import { mockGet, renderScreen, spyAlert } from './testing/test-utils';

afterEach(() => jest.restoreAllMocks());

const ALERTING: Array<[string, ReactElement, string, string]> = [
  [
    'Clients Vs Sales',
    <ClientsVsSalesPage />,
    '/dashboard/getClientsVsSales',
    'Error fetching data',
  ],
  [
    'Employees Vs Salary',
    <EmployeesVsSalaryReportPage />,
    '/dashboard/getEmployeesVsSalary',
    'Error fetching data',
  ],
  ['System Totals', <TotalsReportPage />, '/dashboard/totals', 'Error fetching data'],
  ['Yearly Report', <YearlyReportPage />, '/dashboard/yearly', 'Error fetching data'],
  [
    'Expense Ledger',
    <ExpenseLedgerPage />,
    '/dashboard/getExpenseLedger',
    'Error fetching ledger data',
  ],
];

const LOGGING: Array<[string, ReactElement, string]> = [
  ['Finance Report', <FinanceReportPage />, '/dashboard/finance'],
  ['Expense Vs Type', <ExpenseVsTypeReportPage />, '/dashboard/getExpenseVsType'],
  ['Income Report', <IncomeReportPage />, '/dashboard/getIncomeReport'],
];

describe('when a report cannot be fetched', () => {
  it.each(ALERTING)('%s should alert %s', async (_name, element, path, text) => {
    mockGet({ [path]: new TypeError('offline') });
    const alert = spyAlert();
    renderScreen(element);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(ALERTING)(
    '%s should alert the server message when it sent one',
    async (_name, element, path) => {
      mockGet({ [path]: new ApiError('Server says no', 500) });
      const alert = spyAlert();
      renderScreen(element);
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Server says no'));
    },
  );

  it.each(LOGGING)('%s should only log, with no alert', async (_name, element, path) => {
    mockGet({ [path]: new TypeError('offline') });
    const alert = spyAlert();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(element);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
