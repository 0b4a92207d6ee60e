// Standalone entry (`npm run dev -w mf-reports`): every report and ledger behind the shared
// minimal host, so this remote can be developed without the shell. Paths are the shell's.
import { mountStandalone } from 'shared-ui';
import { ClientLedgerPage } from './ClientLedgerPage';
import { ClientsVsSalesPage } from './ClientsVsSalesPage';
import { EmployeeLedgerPage } from './EmployeeLedgerPage';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
import { ExpenseLedgerPage } from './ExpenseLedgerPage';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
import { FinanceReportPage } from './FinanceReportPage';
import { IncomeReportPage } from './IncomeReportPage';
import { TotalsReportPage } from './TotalsReportPage';
import { YearlyReportPage } from './YearlyReportPage';

mountStandalone({
  name: 'mf-reports',
  screens: [
    { path: '/IncomeReport', label: 'IncomeReport', element: <IncomeReportPage /> },
    { path: '/FinanceReport', label: 'FinanceReport', element: <FinanceReportPage /> },
    {
      path: '/ExpenseVsTypeReport',
      label: 'ExpenseVsTypeReport',
      element: <ExpenseVsTypeReportPage />,
    },
    {
      path: '/EmployeesVsSalaryReport',
      label: 'EmployeesVsSalaryReport',
      element: <EmployeesVsSalaryReportPage />,
    },
    { path: '/ClientsVsSales', label: 'ClientsVsSales', element: <ClientsVsSalesPage /> },
    { path: '/ClientLedgerPage', label: 'ClientLedgerPage', element: <ClientLedgerPage /> },
    { path: '/EmployeeLedgerPage', label: 'EmployeeLedgerPage', element: <EmployeeLedgerPage /> },
    { path: '/ExpenseLedgerPage', label: 'ExpenseLedgerPage', element: <ExpenseLedgerPage /> },
    { path: '/YearlyReportPage', label: 'YearlyReportPage', element: <YearlyReportPage /> },
    { path: '/TotalsReport', label: 'TotalsReport', element: <TotalsReportPage /> },
  ],
});
