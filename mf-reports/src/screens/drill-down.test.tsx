import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { toIsoDate } from 'shared-ui';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { renderScreen } from '../testing/test-utils';
import { ClientLedgerPage } from './ClientLedgerPage';
import { ClientsVsSalesPage } from './ClientsVsSalesPage';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { FinanceReportPage } from './FinanceReportPage';
import { IncomeReportPage } from './IncomeReportPage';
import { YearlyReportPage } from './YearlyReportPage';

// Ledgers also ask for the balance they bring forward.
beforeEach(() => {
  mockEndpoint(endpoints.getLedgerOpening, { startDate: '2026-01-01', balance: 0 });
});

/** Opens a screen at an address, as a drill-down link or a bookmark does. */
function openAt(address: string, screenElement: ReactElement) {
  window.history.replaceState(null, '', address);
  return renderScreen(<MemoryRouter>{screenElement}</MemoryRouter>);
}

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('drill-down links', () => {
  it('Yearly report: a month and each of its figures open the journal of that month', async () => {
    const march = { month: 3, income: 1000, salary: 300, expense: 200.5, pending: 499.5 };
    const get = mockEndpoint(endpoints.getYearly, [march]);
    openAt('/YearlyReportPage?year=2024', <YearlyReportPage />);
    await screen.findByRole('link', { name: 'March' });
    expect(get.calls.map((call) => call.query)).toEqual([{ year: '2024' }]);
    expect(screen.getByLabelText('Year')).toHaveValue('2024');
    const month = 'from=2024-03-01&to=2024-03-31';
    expect(hrefOf('March')).toBe(`/Journal?${month}&Creditdebit=Credit`);
    expect(hrefOf('1,000.00')).toBe(`/Journal?${month}&kind=income&Creditdebit=Credit`);
    expect(hrefOf('300.00')).toBe(`/Journal?${month}&kind=salary&Creditdebit=Credit`);
    expect(hrefOf('200.50')).toBe(`/Journal?${month}&kind=expense&Creditdebit=Credit`);
    expect(hrefOf('February')).toBe('/Journal?from=2024-02-01&to=2024-02-29&Creditdebit=Credit');
  });

  it('Expense Vs Type: a type opens the journal of its expenses over the same dates', async () => {
    const get = mockEndpoint(endpoints.getExpenseVsType, [
      { expanceTypeId: 4, expenseType: 'Rent', totalExpense: 90 },
    ]);
    openAt(
      '/ExpenseVsTypeReport?startDate=2025-01-01&endDate=2025-06-30',
      <ExpenseVsTypeReportPage />,
    );
    await screen.findByRole('link', { name: 'Rent' });
    expect(get.calls.map((call) => call.query)).toEqual([
      { startDate: '2025-01-01', endDate: '2025-06-30' },
    ]);
    expect(hrefOf('Rent')).toBe('/Journal?from=2025-01-01&to=2025-06-30&kind=expense&partyId=4');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2025-01-01');
  });

  it("Income Report: a day opens the journal of that day's payments received", async () => {
    mockEndpoint(endpoints.getIncomeReport, [{ date: '2025-02-03', totalIncome: 50 }]);
    openAt('/IncomeReport', <IncomeReportPage />);
    await screen.findByRole('link', { name: '2025-02-03' });
    expect(hrefOf('2025-02-03')).toBe(
      '/Journal?from=2025-02-03&to=2025-02-03&kind=income&Creditdebit=Credit',
    );
  });

  it("Clients Vs Sales: a client opens the client's ledger on this year", async () => {
    mockEndpoint(endpoints.getClientsVsSales, [
      { clientId: 7, clientname: 'Acme', totalDebit: 10, totalCredit: 5, netTotal: 5 },
    ]);
    openAt('/ClientsVsSales', <ClientsVsSalesPage />);
    await screen.findByRole('link', { name: 'Acme' });
    expect(hrefOf('Acme')).toBe(
      `/ClientLedgerPage?clientId=7&startDate=${new Date().getFullYear()}-01-01&endDate=${toIsoDate(new Date())}`,
    );
  });

  it("Employees Vs Salary: an employee opens the employee's ledger for the same dates", async () => {
    mockEndpoint(endpoints.getEmployeesVsSalary, [
      { employeeId: 2, employeeName: 'Bina', totalSalary: 9 },
    ]);
    openAt(
      '/EmployeesVsSalaryReport?startDate=2025-01-01&endDate=2025-01-31',
      <EmployeesVsSalaryReportPage />,
    );
    await screen.findByRole('link', { name: 'Bina' });
    expect(hrefOf('Bina')).toBe(
      '/EmployeeLedgerPage?employeeId=2&startDate=2025-01-01&endDate=2025-01-31',
    );
  });

  it('Finance report: each card opens the journal of its kind and range', async () => {
    const get = mockEndpoint(endpoints.getFinance, { income: 1, salary: 2, expense: 3 });
    openAt('/FinanceReport?startDate=2025-04-01&endDate=2025-04-30', <FinanceReportPage />);
    await waitFor(() => expect(hrefOf('RS: 2.00')).not.toBeNull());
    expect(get.calls.map((call) => call.query)).toEqual([{ from: '2025-04-01', to: '2025-04-30' }]);
    expect(hrefOf('RS: 1.00')).toBe(
      '/Journal?from=2025-04-01&to=2025-04-30&kind=income&Creditdebit=Credit',
    );
    expect(hrefOf('RS: 3.00')).toBe(
      '/Journal?from=2025-04-01&to=2025-04-30&kind=expense&Creditdebit=Credit',
    );
  });
});

describe('filters in the address', () => {
  it('a ledger opens on the party and dates of the address and keeps what it shows there', async () => {
    mockEndpoint(endpoints.listClients, {
      users: [{ id: 7, name: 'Acme', email: 'a@acme.test', companyName: 'Acme' }],
    });
    const get = mockEndpoint(endpoints.listClientLedger, { rows: [], next: null });
    const { user } = openAt(
      '/ClientLedgerPage?clientId=7&startDate=2025-01-01&endDate=2025-12-31',
      <ClientLedgerPage />,
    );
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({
        clientId: '7',
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        limit: '1000',
      }),
    );
    await screen.findByRole('option', { name: 'Acme' });
    expect(screen.getByLabelText('Client')).toHaveValue('7');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2025-06-01');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    expect(window.location.search).toBe('?clientId=7&startDate=2025-06-01&endDate=2025-12-31');
  });

  it('a report keeps the dates it was filtered with', async () => {
    mockEndpoint(endpoints.getEmployeesVsSalary, []);
    const { user } = openAt('/EmployeesVsSalaryReport', <EmployeesVsSalaryReportPage />);
    await user.type(screen.getByLabelText('Start Date'), '2025-03-01');
    await user.type(screen.getByLabelText('End Date'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(window.location.search).toBe('?startDate=2025-03-01&endDate=2025-03-31');
  });
});
