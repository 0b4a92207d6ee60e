import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY, toIsoDate, useSession } from 'shared-ui';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  mockEndpoint,
  networkFailure,
  type Dialogs,
  type MockedEndpoint,
  render,
} from 'shared-ui/testing';
import { Dashboard } from './Dashboard';
import { startDashboardCalls, startDashboardCallsOnArrival } from './dashboard-calls';
import { start } from '../start';
import { OFFICE_SET_UP } from '../testing/render-app';

const today = new Date();
const FIRST = toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1));
const LAST = toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0));

let totals: MockedEndpoint<typeof endpoints.getTotals>;
let finance: MockedEndpoint<typeof endpoints.getFinance>;
let dialogs: Dialogs;

beforeEach(() => {
  dialogs = collectDialogs();
  totals = mockEndpoint(endpoints.getTotals, { admins: 2, employees: 5, clients: 7 });
  finance = mockEndpoint(endpoints.getFinance, { income: 1500.5, salary: 800, expense: 120.25 });
  mockEndpoint(endpoints.getReceiptsMissing, { count: 3, from: '2025-05-01', to: '2025-05-20' });
  mockEndpoint(endpoints.getOverBudget, { month: '2025-05', rows: [] });
  mockEndpoint(endpoints.listAccounts, { accounts: [] });
});

const card = (name: string) => screen.getByRole('region', { name });

/**
 * With the two calls already asked: the Dashboard shows their figures without asking again, and
 * only its first mount takes them (a later visit asks again).
 */
async function expectFiguresOfTheTwoCallsTakenOnce() {
  render(<Dashboard />);
  await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
  expect(card('Total Admins')).toHaveTextContent('2');
  expect(totals.calls.length + finance.calls.length).toBe(2);
  render(<Dashboard />);
  await waitFor(() => expect(totals.calls.length + finance.calls.length).toBe(4));
}

describe('Dashboard', () => {
  it('should default the dates to the first and last day of the current month', async () => {
    render(<Dashboard />);
    expect(screen.getByLabelText('From Date')).toHaveValue(FIRST);
    expect(screen.getByLabelText('To Date')).toHaveValue(LAST);
    await waitFor(() => expect(card('Total Admins')).toHaveTextContent('2'));
  });

  it('should load totals and the current month on start and show the six cards', async () => {
    const { container } = render(<Dashboard />);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
    expect(await axeViolations(container)).toEqual([]);
    expect(totals.calls).toHaveLength(1);
    expect(finance.calls.map((call) => call.query)).toEqual([{ from: FIRST, to: LAST }]);
    expect(card('Total Admins')).toHaveTextContent('2');
    expect(card('Total Employees')).toHaveTextContent('5');
    expect(card('Total Clients')).toHaveTextContent('7');
    expect(card('Total Salary')).toHaveTextContent('RS: 800.00');
    expect(card('Total Expense')).toHaveTextContent('RS: 120.25');
  });

  it('should show Profit/Loss beside the three money cards: income less salary and expense', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(card('Profit/Loss')).toHaveTextContent('RS: 580.25'));
  });

  it('should list the types over budget this month, each opening that month of Budget vs actual', async () => {
    mockEndpoint(endpoints.getOverBudget, {
      month: '2025-05',
      rows: [
        {
          expenseTypeId: 4,
          expenseType: 'Travel',
          status: 'Active',
          budget: 100,
          actual: 150.5,
          difference: -50.5,
          percentUsed: 150.5,
          overBudget: true,
        },
      ],
    });
    render(<Dashboard />);
    const list = await screen.findByRole('region', { name: 'Over budget this month' });
    expect(list).toHaveTextContent('Travel: RS: 150.50 of RS: 100.00 (150.50% used)');
    expect(within(list).getByRole('link', { name: 'Travel' })).toHaveAttribute(
      'href',
      '/BudgetReport?month=2025-05',
    );
  });

  it('should compare the money cards with the period chosen once applied', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
    finance.answer({
      income: 1500.5,
      salary: 800,
      expense: 120.25,
      profitLoss: 580.25,
      compare: {
        from: '2025-04-01',
        to: '2025-04-30',
        income: { other: 1000, change: 500.5, percent: 50.05 },
        salary: { other: 800, change: 0, percent: 0 },
        expense: { other: 0, change: 120.25, percent: null },
        profitLoss: { other: 200, change: 380.25, percent: 190.13 },
      },
    });
    await userEvent.selectOptions(screen.getByLabelText('Compare with'), 'Previous period');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() =>
      expect(card('Total Income')).toHaveTextContent(
        'Previous period: RS: 1,000.00 · change RS: 500.50 (50.05%)',
      ),
    );
    expect(finance.calls.map((call) => call.query)).toEqual([
      { from: FIRST, to: LAST },
      { from: FIRST, to: LAST, compare: 'previous' },
    ]);
    expect(card('Profit/Loss')).toHaveTextContent('change RS: 380.25 (190.13%)');
    expect(card('Total Expense')).not.toHaveTextContent('%');
  });

  it('should show no over-budget list while no type is over', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
    expect(
      screen.queryByRole('region', { name: 'Over budget this month' }),
    ).not.toBeInTheDocument();
  });

  it('should show the figures of the calls started before it mounted, without asking again', async () => {
    startDashboardCalls({ from: FIRST, to: LAST });
    await waitFor(() => expect(totals.calls.length + finance.calls.length).toBe(2));
    await expectFiguresOfTheTwoCallsTakenOnce();
  });

  it("should have this month's figures asked for when the page opens signed in at /, and only then", async () => {
    const opened = (path: string, token: string | null) => {
      window.history.pushState({}, '', path);
      useSession.setState({ token });
      startDashboardCallsOnArrival();
    };
    try {
      opened('/Users', 'a-token');
      opened('/', null);
      await act(async () => undefined);
      expect(totals.calls.length + finance.calls.length).toBe(0);

      opened('/', 'a-token');
      await waitFor(() => expect(totals.calls).toHaveLength(1));
      expect(finance.calls.map((call) => call.query)).toEqual([{ from: FIRST, to: LAST }]);
    } finally {
      window.history.pushState({}, '', '/');
      useSession.setState({ token: null });
    }
  });

  describe("signed in at / by the page's start script", () => {
    beforeEach(() => {
      window.history.pushState({}, '', '/');
      window.sessionStorage.setItem(TOKEN_KEY, 'a-token');
      useSession.setState({ token: 'a-token' });
      // Signed in, the page also reads who it is and what is set up (the Get started panel).
      mockEndpoint(endpoints.getCurrentUser, {
        user: { id: 2, name: 'Staff', email: 'staff@test.local', role: 'staff' },
      });
      mockEndpoint(endpoints.getSetup, OFFICE_SET_UP);
    });
    afterEach(() => {
      window.sessionStorage.clear();
      useSession.setState({ token: null });
      document.head.innerHTML = '';
    });

    it('should show the answers the start script asked for, without asking again', async () => {
      start();
      // Asked before the signed-in code runs, with the session, for this month.
      await waitFor(() => expect(totals.calls.length + finance.calls.length).toBe(2));
      expect(totals.calls[0]?.headers.Authorization).toBe('Bearer a-token');
      expect(finance.calls.map((call) => call.query)).toEqual([{ from: FIRST, to: LAST }]);

      startDashboardCallsOnArrival();
      await expectFiguresOfTheTwoCallsTakenOnce();
    });

    it('should ask again for an answer the start script could not get', async () => {
      finance.once(networkFailure());
      start();
      await waitFor(() => expect(finance.calls).toHaveLength(1));
      startDashboardCallsOnArrival();
      render(<Dashboard />);
      await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 1,500.50'));
      expect(finance.calls).toHaveLength(2);
      expect(totals.calls).toHaveLength(1);
      expect(dialogs.alerts).toEqual([]);
    });
  });

  it('should reload the finance cards for the chosen range on Apply Filter', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(finance.calls).toHaveLength(1));
    const from = screen.getByLabelText('From Date');
    const to = screen.getByLabelText('To Date');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2024-03-31');
    finance.answer({ income: 9, salary: 8, expense: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));

    await waitFor(() => expect(finance.calls).toHaveLength(2));
    expect(finance.calls[1]?.query).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 9.00'));
  });

  it('should show last year in one click, its dates in the inputs', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(finance.calls).toHaveLength(1));
    finance.answer({ income: 5, salary: 4, expense: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Last year' }));
    const year = today.getFullYear() - 1;
    await waitFor(() => expect(finance.calls).toHaveLength(2));
    expect(finance.calls[1]?.query).toEqual({ from: `${year}-01-01`, to: `${year}-12-31` });
    expect(screen.getByLabelText('From Date')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('To Date')).toHaveValue(`${year}-12-31`);
    await waitFor(() => expect(card('Total Income')).toHaveTextContent('RS: 5.00'));
  });

  it('should use the current month for dates left empty', async () => {
    render(<Dashboard />);
    await waitFor(() => expect(finance.calls).toHaveLength(1));
    await userEvent.clear(screen.getByLabelText('From Date'));
    await userEvent.clear(screen.getByLabelText('To Date'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(finance.calls).toHaveLength(2));
    expect(finance.calls[1]?.query).toEqual({ from: FIRST, to: LAST });
  });

  it('should only log load errors, with no message to the user', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    totals.answer(networkFailure());
    finance.answer(networkFailure());
    render(<Dashboard />);
    await waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(dialogs.alerts).toEqual([]);
    expect(within(card('Total Income')).getByText('RS: 0.00')).toBeInTheDocument();
  });
});

describe('Expenses without a receipt', () => {
  it("should count this month's expenses without a receipt and link to that journal view", async () => {
    render(<Dashboard />);
    const figure = await screen.findByRole('link', { name: '3' });
    expect(figure).toHaveAttribute(
      'href',
      '/Journal?from=2025-05-01&to=2025-05-20&kind=expense&receipt=without',
    );
    expect(card("This month's expenses without a receipt")).toContainElement(figure);
  });

  it("should show each account's balance today and those not reconciled for more than 35 days", async () => {
    const account = {
      kind: 'Bank' as const,
      bankName: null,
      last4: null,
      openingBalance: 0,
      openingDate: '2026-01-01',
      isDefault: false,
      currency: 'PKR',
    };
    mockEndpoint(endpoints.listAccounts, {
      accounts: [
        {
          ...account,
          id: 1,
          name: 'Cash',
          kind: 'Cash',
          isDefault: true,
          balance: 1250.5,
          reconciledThrough: null,
          reconcileOverdue: false,
        },
        {
          ...account,
          id: 2,
          name: 'Meezan',
          balance: 98765.43,
          reconciledThrough: '2026-08-31',
          reconcileOverdue: true,
        },
      ],
    });
    render(<Dashboard />);
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    expect(accounts).toHaveTextContent('Cash: RS: 1,250.50');
    expect(accounts).toHaveTextContent('Meezan: RS: 98,765.43');
    expect(within(accounts).getByRole('link', { name: 'Meezan' })).toHaveAttribute(
      'href',
      '/Accounts/2',
    );
    const overdue = within(accounts).getByRole('list', {
      name: 'Not reconciled for more than 35 days',
    });
    expect(overdue).toHaveTextContent('Meezan: reconciled through 2026-08-31');
    expect(overdue).not.toHaveTextContent('Cash');
  });
});
