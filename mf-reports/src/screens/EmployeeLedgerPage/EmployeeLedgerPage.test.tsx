import { screen, waitFor } from '@testing-library/react';
import type { EmployeeLedgerRow } from 'contract/browser';
import { currentMonthRange } from 'shared-ui';
import { renderScreen, tableText } from '../../testing/test-utils';
import { EmployeeLedgerPage } from './EmployeeLedgerPage';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  mockEndpoint,
  networkFailure,
} from 'shared-ui/testing';

const EMPLOYEES = { users: [{ id: 3, name: 'Sara', email: 's@x.test', number: '0300' }] };
const row = (id: number, date: string, ammount: number, balance: number): EmployeeLedgerRow => ({
  id,
  createdAt: `${date}T09:00:00.000Z`,
  date,
  ammount,
  Creditdebit: 'Credit',
  description: 'Salary',
  balance,
  employeeName: 'Sara',
});

afterEach(() => jest.restoreAllMocks());
// The balance brought forward, as the server answers it (GET /api/ledgers/opening).
let opening: ReturnType<typeof mockEndpoint<typeof endpoints.getLedgerOpening>>;
beforeEach(() => {
  opening = mockEndpoint(endpoints.getLedgerOpening, { startDate: '2026-01-01', balance: 500 });
});

async function chooseSara(user: ReturnType<typeof renderScreen>['user']) {
  await screen.findByRole('option', { name: 'Sara' });
  await user.selectOptions(screen.getByLabelText('Employee'), 'Sara');
}

describe('EmployeeLedgerPage', () => {
  it('should open with an employee picker and this month filled in, as the Client Ledger does', async () => {
    mockEndpoint(endpoints.listEmployees, EMPLOYEES);
    renderScreen(<EmployeeLedgerPage />);
    expect(screen.getByRole('heading', { name: 'Employee Ledger' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Sara' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select employee' })).toBeInTheDocument();
    const month = currentMonthRange();
    expect(screen.getByLabelText('Start Date')).toHaveValue(month.from);
    expect(screen.getByLabelText('End Date')).toHaveValue(month.to);
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('should alert Please select an employee without a choice', async () => {
    mockEndpoint(endpoints.listEmployees, EMPLOYEES);
    const dialogs = collectDialogs();
    const { user } = renderScreen(<EmployeeLedgerPage />);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    expect(dialogs.alerts).toContain('Please select an employee');
  });

  it('should ask for the current month on opening, and add up what was paid', async () => {
    const month = currentMonthRange();
    // 500 paid before the range; two salaries of 1200.50 and 99.50 follow.
    mockEndpoint(endpoints.listEmployees, EMPLOYEES);
    const get = mockEndpoint(endpoints.listEmployeeLedger, {
      rows: [row(1, month.from, 1200.5, 1700.5), row(2, month.from, 99.5, 1800)],
      next: null,
    });
    const { user } = renderScreen(<EmployeeLedgerPage />);
    await chooseSara(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));

    await screen.findByText('1,700.50');
    expect(get.calls.at(-1)?.query).toEqual({
      employeeId: '3',
      startDate: month.from,
      endDate: month.to,
      limit: '1000',
    });
    expect(tableText()).toEqual([
      ['Date', 'Employee', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '', '', '', '', '500.00'],
      [month.from, 'Sara', 'Salary', '', '1,200.50', '1,700.50'],
      [month.from, 'Sara', 'Salary', '', '99.50', '1,800.00'],
      ['Closing totals', '', '', '0.00', '1,300.00', '1,800.00'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should fill only the empty end of a half-given range', async () => {
    const month = currentMonthRange();
    mockEndpoint(endpoints.listEmployees, EMPLOYEES);
    const get = mockEndpoint(endpoints.listEmployeeLedger, { rows: [], next: null });
    const { user } = renderScreen(<EmployeeLedgerPage />);
    await chooseSara(user);
    await user.clear(screen.getByLabelText('End Date'));
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2025-01-15');
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    expect(await screen.findByText('No Records Found')).toBeInTheDocument();
    expect(get.calls.at(-1)?.query).toEqual({
      employeeId: '3',
      startDate: '2025-01-15',
      endDate: month.to,
      limit: '1000',
    });
    expect(opening.calls.at(-1)?.query).toEqual({
      ledger: 'employee',
      partyId: '3',
      startDate: '2025-01-15',
    });
  });

  it('should alert Error fetching ledger data when the ledger cannot be fetched', async () => {
    mockEndpoint(endpoints.listEmployees, EMPLOYEES);
    mockEndpoint(endpoints.listEmployeeLedger, networkFailure());
    const dialogs = collectDialogs();
    const { user } = renderScreen(<EmployeeLedgerPage />);
    await chooseSara(user);
    await user.click(screen.getByRole('button', { name: 'Get Ledger' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Error fetching ledger data'));
  });
});
