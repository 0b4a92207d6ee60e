import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  endpoints,
  failWith,
  mockEndpoint,
  networkFailure,
} from 'shared-ui/testing';
import { renderApp, stubApi } from '../testing/render-app';
import { fetchRemoteList, loadRemoteComponent, registerRemoteList } from '../federation/federation';

// Health reports are health.test.ts's: here they are noted, never sent.
jest.mock('../federation/health', () => ({ reportHealth: jest.fn() }));
jest.mock('../federation/federation', () => {
  class RemoteUnavailableError extends Error {}
  return {
    RemoteUnavailableError,
    fetchRemoteList: jest.fn(),
    registerRemoteList: jest.fn(),
    loadRemoteComponent: jest.fn(),
    preloadRemoteComponent: jest.fn(),
    remoteServed: jest.fn(() => ({ version: 'unversioned' })),
  };
});

const mockedFetchList = jest.mocked(fetchRemoteList);
const mockedLoad = jest.mocked(loadRemoteComponent);

let spies: ReturnType<typeof stubApi>;

beforeEach(() => {
  jest.clearAllMocks();
  spies = stubApi();
  mockedFetchList.mockResolvedValue({ settings: '/remotes/mf-settings/mf-manifest.json' });
  mockedLoad.mockImplementation(async (_remote, module) => {
    const Screen = () => <h1>{`${module} from remote`}</h1>;
    return Screen;
  });
});
afterEach(() => jest.restoreAllMocks());

describe('signed out', () => {
  it.each(['/', '/Users', '/settings', '/no/such/page'])(
    'should show the login page at %s and never read the remote list',
    async (path) => {
      renderApp({ path, token: null });
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(mockedFetchList).not.toHaveBeenCalled();
    },
  );
});

describe('signed in', () => {
  it('should show the dashboard and its figures without waiting for the remote list', async () => {
    let finish: (list: object) => void = () => undefined;
    mockedFetchList.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    renderApp();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Total Income' })).toHaveTextContent(
        'RS: 1,500.50',
      ),
    );
    expect(registerRemoteList).not.toHaveBeenCalled();
    finish({ settings: '/remotes/mf-settings/mf-manifest.json' });
    await waitFor(() =>
      expect(registerRemoteList).toHaveBeenCalledWith({
        settings: '/remotes/mf-settings/mf-manifest.json',
      }),
    );
  });

  it('should still open when the remote list cannot be read', async () => {
    mockedFetchList.mockRejectedValueOnce(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('should list the sidebar links in the spec order, without TotalsReport', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Users',
      'Employees',
      'Clients',
      'Income',
      'Expances',
      'Salary',
      'Journal',
      'Import',
      'Payroll',
      'Recurring',
      'Accounts',
      'Vouchers',
      'Month end',
      'Settings',
      'Chart of accounts',
      'My account',
    ]);
    expect(within(nav).getByRole('button', { name: /Reports/ })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'TotalsReport' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should not show the Activity link to staff, who read the Chart of accounts', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(spies.currentUser.calls).toHaveLength(1));
    expect(within(nav).queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Chart of accounts' })).toBeInTheDocument();
  });

  it('should show Chart of accounts after Settings, and Activity to admins', async () => {
    jest.restoreAllMocks();
    spies = stubApi({ role: 'admin' });
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: 'Activity' });
    expect(link).toHaveAttribute('href', '/Activity');
    const names = within(nav)
      .getAllByRole('link')
      .map((one) => one.textContent);
    expect(names.slice(-4)).toEqual(['Settings', 'Chart of accounts', 'Activity', 'My account']);
    expect(within(nav).getByRole('link', { name: 'Chart of accounts' })).toHaveAttribute(
      'href',
      '/ChartOfAccounts',
    );
  });

  it('should offer "Skip to content" first in the page, taking the keyboard to the screen', async () => {
    renderApp();
    await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("should put the keyboard on a screen's heading when moving to it from the sidebar", async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Expances' }));
    const heading = await screen.findByRole('heading', { name: /ExpancesPage from remote/ });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("should put the keyboard on an entry form's first field when moving to it from the sidebar", async () => {
    mockedLoad.mockImplementation(async (_remote, module) => {
      const Screen = () => (
        <>
          <h1>{`${module} from remote`}</h1>
          <form data-screen-start>
            <label htmlFor="party">Expense Type</label>
            <select id="party" />
            <button type="submit">Add Expense</button>
          </form>
        </>
      );
      return Screen;
    });
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Expances' }));
    const field = await screen.findByRole('combobox', { name: 'Expense Type' });
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('should open My account from the sidebar, loading the screen when asked', async () => {
    mockEndpoint(endpoints.getTwoStep, { enabled: false, recoveryCodesLeft: 0, required: false });
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('me@test.local')).toBeInTheDocument();
  });

  it('should send an admin who must set up two-step sign-in to My account from any screen', async () => {
    jest.restoreAllMocks();
    spies = stubApi({ role: 'admin' });
    spies.currentUser.answer({
      user: { id: 1, name: 'Me', email: 'me@test.local', role: 'admin' },
      twoStepSetupRequired: true,
    });
    mockEndpoint(endpoints.getTwoStep, { enabled: false, recoveryCodesLeft: 0, required: true });
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Two-step sign-in is required for admins',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('should leave the entry forms out of the sidebar of a viewer, and keep the rest', async () => {
    jest.restoreAllMocks();
    spies = stubApi({ role: 'viewer' });
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Income' })).not.toBeInTheDocument(),
    );
    const names = within(nav)
      .getAllByRole('link')
      .map((one) => one.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Users',
      'Employees',
      'Clients',
      'Journal',
      'Accounts',
      'Vouchers',
      'Month end',
      'Settings',
      'Chart of accounts',
      'Activity',
      'My account',
    ]);
    expect(within(nav).getByRole('button', { name: /Reports/ })).toBeInTheDocument();
    expect(spies.currentUser.calls).toHaveLength(1);
  });

  it('should sign out everywhere else after confirming, and say so', async () => {
    const ask = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Sign out everywhere else' });
    await userEvent.click(button);
    expect(ask).toHaveBeenCalledWith('Sign out of every other browser and device?');
    expect(spies.endOtherSessions.calls).toHaveLength(0);
    await userEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Signed out everywhere else'));
    expect(spies.endOtherSessions.calls).toHaveLength(1);
  });

  it('should say why the other sessions could not be signed out', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    spies.endOtherSessions.answer(failWith(500));
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to sign out the other sessions'),
    );
  });

  it('should open the Reports dropdown with the report and statement links', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: /Reports/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const reports = [
      'IncomeReport',
      'FinanceReport',
      'ExpenseVsTypeReport',
      'EmployeesVsSalaryReport',
      'ClientsVsSales',
      'ClientLedgerPage',
      'EmployeeLedgerPage',
      'ExpenseLedgerPage',
      'YearlyReportPage',
      'BudgetReport',
      'ReceivablesReport',
    ];
    for (const name of reports) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', `/${name}`);
    }
    const statements = [
      ['Trial balance', '/TrialBalance'],
      ['Balance sheet', '/BalanceSheet'],
      ['Profit and loss', '/ProfitLoss'],
      ['General ledger', '/GeneralLedger'],
    ];
    for (const [name, path] of statements) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', path);
    }
    expect(within(nav).queryByRole('link', { name: 'TotalsReport' })).not.toBeInTheDocument();
  });

  it('should open the Reports dropdown on a report page and still let it close', async () => {
    renderApp({ path: '/YearlyReportPage' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: /Reports/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'YearlyReportPage' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'YearlyReportPage' })).not.toBeInTheDocument();
  });

  it.each([
    ['/Users', 'people', 'UsersPage'],
    ['/Employees', 'people', 'EmployeesPage'],
    ['/Clients', 'people', 'ClientsPage'],
    ['/Income', 'entries', 'IncomePage'],
    ['/Expances', 'entries', 'ExpancesPage'],
    ['/Salary', 'entries', 'SalaryPage'],
    ['/Journal', 'entries', 'JournalPage'],
    ['/ClientsVsSales', 'reports', 'ClientsVsSalesPage'],
    ['/EmployeesVsSalaryReport', 'reports', 'EmployeesVsSalaryReportPage'],
    ['/ExpenseVsTypeReport', 'reports', 'ExpenseVsTypeReportPage'],
    ['/FinanceReport', 'reports', 'FinanceReportPage'],
    ['/IncomeReport', 'reports', 'IncomeReportPage'],
    ['/TotalsReport', 'reports', 'TotalsReportPage'],
    ['/ClientLedgerPage', 'reports', 'ClientLedgerPage'],
    ['/EmployeeLedgerPage', 'reports', 'EmployeeLedgerPage'],
    ['/ExpenseLedgerPage', 'reports', 'ExpenseLedgerPage'],
    ['/YearlyReportPage', 'reports', 'YearlyReportPage'],
    ['/settings', 'settings', 'SettingsPage'],
    ['/Import', 'entries', 'ImportPage'],
  ])('should route %s to %s/%s', async (path, remote, module) => {
    renderApp({ path });
    expect(
      await screen.findByRole('heading', { name: `${module} from remote` }),
    ).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith(remote, module, false);
  });

  it('should show only the word Reports at /reports', async () => {
    renderApp({ path: '/reports' });
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent(/^Reports$/));
  });

  it.each(['/no/such/page', '/users', '/expances'])(
    'should show the not-found page at %s (paths are case-sensitive)',
    async (path) => {
      renderApp({ path });
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(mockedLoad).not.toHaveBeenCalled();
    },
  );

  it('should log out through the API, then clear session storage and reload', async () => {
    renderApp();
    window.sessionStorage.setItem('other', 'kept until logout');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(spies.reload).toHaveBeenCalledTimes(1));
    expect(spies.logout.calls).toHaveLength(1);
    expect(window.sessionStorage.length).toBe(0);
  });

  it("should sign out locally from the dashboard's Logout even when the logout call fails", async () => {
    spies.logout.answer(networkFailure());
    renderApp();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(spies.reload).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('should toggle the drawer with a named menu button', async () => {
    renderApp();
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
