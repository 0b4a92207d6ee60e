import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, toIsoDate } from 'shared-ui';
import { Dashboard } from './Dashboard';
import { startDashboardCalls } from './dashboard-api';

const today = new Date();
const FIRST = toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1));
const LAST = toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0));

let get: jest.SpyInstance;
let alert: jest.SpyInstance;

beforeEach(() => {
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  get = jest
    .spyOn(api, 'get')
    .mockImplementation((path: string) =>
      Promise.resolve(
        path === '/dashboard/totals'
          ? { admins: 2, employees: 5, clients: 7 }
          : { income: 1500.5, salary: 800, expense: 120.25 },
      ),
    );
});
afterEach(() => jest.restoreAllMocks());

const card = (name: string) => screen.getByRole('region', { name });

describe('Dashboard', () => {
  it('should default the dates to the first and last day of the current month', async () => {
    render(<Dashboard />);
    expect(screen.getByLabelText('From Date')).toHaveValue(FIRST);
    expect(screen.getByLabelText('To Date')).toHaveValue(LAST);
    await waitFor(() => expect(card('Total Admins')).toHaveTextContent('2'));
  });

  it('should load totals and the current month on start and show the six cards', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
    expect(get).toHaveBeenCalledWith('/dashboard/totals', expect.anything());
    expect(get).toHaveBeenCalledWith(
      `/dashboard/finance?from=${FIRST}&to=${LAST}`,
      expect.anything(),
    );
    expect(card('Total Admins')).toHaveTextContent('2');
    expect(card('Total Employees')).toHaveTextContent('5');
    expect(card('Total Clients')).toHaveTextContent('7');
    expect(card('Total Salary')).toHaveTextContent('RS: 800.00');
    expect(card('Total Expense')).toHaveTextContent('RS: 120.25');
  });

  it('should show the figures of the calls started before it mounted, without asking again', async () => {
    startDashboardCalls({ from: FIRST, to: LAST });
    expect(get).toHaveBeenCalledTimes(2);
    render(<Dashboard />);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
    expect(card('Total Admins')).toHaveTextContent('2');
    expect(get).toHaveBeenCalledTimes(2);
    // Only the first mount takes them: a later visit asks again.
    render(<Dashboard />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(4));
  });

  it('should reload the finance cards for the chosen range on Apply Filter', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    const from = screen.getByLabelText('From Date');
    const to = screen.getByLabelText('To Date');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2024-03-31');
    get.mockResolvedValueOnce({ income: 9, salary: 8, expense: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));

    expect(get).toHaveBeenLastCalledWith(
      '/dashboard/finance?from=2024-01-01&to=2024-03-31',
      expect.anything(),
    );
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 9.00'));
  });

  it('should use the current month for dates left empty', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await userEvent.clear(screen.getByLabelText('From Date'));
    await userEvent.clear(screen.getByLabelText('To Date'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(get).toHaveBeenLastCalledWith(
      `/dashboard/finance?from=${FIRST}&to=${LAST}`,
      expect.anything(),
    );
  });

  it('should only log load errors, with no message to the user', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValue(new Error('Error fetching data'));
    render(<Dashboard />);
    await waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(alert).not.toHaveBeenCalled();
    expect(within(card('Total Income')).getByText('RS: 0.00')).toBeInTheDocument();
  });
});
