import { REMOTES } from 'contract/browser';
import { REMOTE_ROUTES, REMOTE_TITLES } from './route-table';

const pathsOf = (nav: string) =>
  REMOTE_ROUTES.filter((route) => route.nav === nav).map((route) => route.path);

describe('the route table', () => {
  it('is every screen of every remote in the list of the remotes, and nothing else', () => {
    expect(REMOTE_ROUTES).toEqual(
      REMOTES.flatMap((remote) =>
        // Where a screen's source lives is the build's business, not the shell's.
        remote.screens.map(({ source: _source, ...screen }) => ({
          ...screen,
          remote: remote.name,
        })),
      ),
    );
  });

  it('keeps the spec paths in the sidebar order', () => {
    expect(pathsOf('main')).toEqual([
      '/Users',
      '/Employees',
      '/Clients',
      '/Income',
      '/Expances',
      '/Salary',
      '/Journal',
      '/Import',
      '/Payroll',
      '/Recurring',
      '/Accounts',
      '/Vouchers',
      '/MonthEnd',
    ]);
    expect(pathsOf('reports')).toEqual([
      '/IncomeReport',
      '/FinanceReport',
      '/ExpenseVsTypeReport',
      '/EmployeesVsSalaryReport',
      '/ClientsVsSales',
      '/ClientLedgerPage',
      '/EmployeeLedgerPage',
      '/ExpenseLedgerPage',
      '/YearlyReportPage',
      '/BudgetReport',
      '/ReceivablesReport',
      '/TrialBalance',
      '/BalanceSheet',
      '/ProfitLoss',
      '/GeneralLedger',
    ]);
    expect(pathsOf('settings')).toEqual(['/settings', '/ChartOfAccounts']);
    expect(pathsOf('admin')).toEqual(['/Activity']);
    expect(pathsOf('none')).toEqual(['/Accounts/:id', '/Accounts/:id/reconcile', '/TotalsReport']);
  });

  it('names each remote for the unavailable panel', () => {
    expect(REMOTE_TITLES).toEqual({
      people: 'People',
      entries: 'Entries',
      reports: 'Reports',
      settings: 'Settings',
    });
  });
});
