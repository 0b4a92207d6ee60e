// The one route table of the product (spec §2): each route maps to one module exposed by one
// remote. The sidebar, the router and the federation loader all read it from here.

export type RemoteName = 'people' | 'entries' | 'reports' | 'settings';

export interface RemoteRoute {
  /** Path exactly as the spec writes it (case matters: /Users, /Expances). */
  path: string;
  /** Sidebar label. */
  label: string;
  remote: RemoteName;
  /** Exposed module, and the name of the component it exports. */
  module: string;
  /**
   * Where the sidebar lists it: the main list, the Reports dropdown, after Settings, after
   * Settings for admins only (the server refuses everyone else anyway), or nowhere.
   */
  nav: 'main' | 'reports' | 'settings' | 'admin' | 'none';
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/Users', label: 'Users', remote: 'people', module: 'UsersPage', nav: 'main' },
  {
    path: '/Employees',
    label: 'Employees',
    remote: 'people',
    module: 'EmployeesPage',
    nav: 'main',
  },
  { path: '/Clients', label: 'Clients', remote: 'people', module: 'ClientsPage', nav: 'main' },
  { path: '/Income', label: 'Income', remote: 'entries', module: 'IncomePage', nav: 'main' },
  { path: '/Expances', label: 'Expances', remote: 'entries', module: 'ExpancesPage', nav: 'main' },
  { path: '/Salary', label: 'Salary', remote: 'entries', module: 'SalaryPage', nav: 'main' },
  { path: '/Journal', label: 'Journal', remote: 'entries', module: 'JournalPage', nav: 'main' },
  {
    path: '/IncomeReport',
    label: 'IncomeReport',
    remote: 'reports',
    module: 'IncomeReportPage',
    nav: 'reports',
  },
  {
    path: '/FinanceReport',
    label: 'FinanceReport',
    remote: 'reports',
    module: 'FinanceReportPage',
    nav: 'reports',
  },
  {
    path: '/ExpenseVsTypeReport',
    label: 'ExpenseVsTypeReport',
    remote: 'reports',
    module: 'ExpenseVsTypeReportPage',
    nav: 'reports',
  },
  {
    path: '/EmployeesVsSalaryReport',
    label: 'EmployeesVsSalaryReport',
    remote: 'reports',
    module: 'EmployeesVsSalaryReportPage',
    nav: 'reports',
  },
  {
    path: '/ClientsVsSales',
    label: 'ClientsVsSales',
    remote: 'reports',
    module: 'ClientsVsSalesPage',
    nav: 'reports',
  },
  {
    path: '/ClientLedgerPage',
    label: 'ClientLedgerPage',
    remote: 'reports',
    module: 'ClientLedgerPage',
    nav: 'reports',
  },
  {
    path: '/EmployeeLedgerPage',
    label: 'EmployeeLedgerPage',
    remote: 'reports',
    module: 'EmployeeLedgerPage',
    nav: 'reports',
  },
  {
    path: '/ExpenseLedgerPage',
    label: 'ExpenseLedgerPage',
    remote: 'reports',
    module: 'ExpenseLedgerPage',
    nav: 'reports',
  },
  {
    path: '/YearlyReportPage',
    label: 'YearlyReportPage',
    remote: 'reports',
    module: 'YearlyReportPage',
    nav: 'reports',
  },
  // Routed but deliberately absent from the sidebar (spec §2).
  {
    path: '/TotalsReport',
    label: 'TotalsReport',
    remote: 'reports',
    module: 'TotalsReportPage',
    nav: 'none',
  },
  {
    path: '/settings',
    label: 'Settings',
    remote: 'settings',
    module: 'SettingsPage',
    nav: 'settings',
  },
  // Beside Users in the People remote: it is about what users did and the sessions they hold.
  {
    path: '/Activity',
    label: 'Activity',
    remote: 'people',
    module: 'ActivityPage',
    nav: 'admin',
  },
];

/** Human names of the remotes, for the "unavailable" panel. */
export const REMOTE_TITLES: Record<RemoteName, string> = {
  people: 'People',
  entries: 'Entries',
  reports: 'Reports',
  settings: 'Settings',
};
