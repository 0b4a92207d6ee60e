// What each screen does when its call fails (docs/product.md#messages): most alert the server's message or the
// catalogue text; the finance, expense-vs-type and income reports only log. One table, so the
// rule per screen reads at a glance.
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Endpoint } from 'contract/browser';
import { ClientsVsSalesPage } from './ClientsVsSalesPage';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
import { ExpenseLedgerPage } from './ExpenseLedgerPage';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { FinanceReportPage } from './FinanceReportPage';
import { IncomeReportPage } from './IncomeReportPage';
import { TotalsReportPage } from './TotalsReportPage';
import { YearlyReportPage } from './YearlyReportPage';
import { renderScreen } from '../testing/test-utils';
import {
  collectDialogs,
  endpoints,
  failWith,
  mockEndpoint,
  networkFailure,
} from 'shared-ui/testing';

// Ledgers also ask for the balance they bring forward.
beforeEach(() => {
  mockEndpoint(endpoints.getLedgerOpening, { startDate: '2026-01-01', balance: 0 });
});

const ALERTING: Array<[string, ReactElement, Endpoint, string]> = [
  ['Clients Vs Sales', <ClientsVsSalesPage />, endpoints.getClientsVsSales, 'Error fetching data'],
  [
    'Employees Vs Salary',
    <EmployeesVsSalaryReportPage />,
    endpoints.getEmployeesVsSalary,
    'Error fetching data',
  ],
  ['System Totals', <TotalsReportPage />, endpoints.getTotals, 'Error fetching data'],
  ['Yearly Report', <YearlyReportPage />, endpoints.getYearly, 'Error fetching data'],
  [
    'Expense Ledger',
    <ExpenseLedgerPage />,
    endpoints.listExpenseLedger,
    'Error fetching ledger data',
  ],
];

const LOGGING: Array<[string, ReactElement, Endpoint]> = [
  ['Finance Report', <FinanceReportPage />, endpoints.getFinance],
  ['Expense Vs Type', <ExpenseVsTypeReportPage />, endpoints.getExpenseVsType],
  ['Income Report', <IncomeReportPage />, endpoints.getIncomeReport],
];

describe('when a report cannot be fetched', () => {
  it.each(ALERTING)('%s should alert %s', async (_name, element, endpoint, text) => {
    mockEndpoint(endpoint, networkFailure());
    const dialogs = collectDialogs();
    renderScreen(element);
    await waitFor(() => expect(dialogs.alerts).toEqual([text]));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(ALERTING)(
    '%s should alert the server message when it sent one',
    async (_name, element, endpoint) => {
      mockEndpoint(endpoint, failWith(500, 'Server says no'));
      const dialogs = collectDialogs();
      renderScreen(element);
      await waitFor(() => expect(dialogs.alerts).toContain('Server says no'));
    },
  );

  it.each(LOGGING)('%s should only log, with no alert', async (_name, element, endpoint) => {
    mockEndpoint(endpoint, networkFailure());
    const dialogs = collectDialogs();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(element);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(dialogs.alerts).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
