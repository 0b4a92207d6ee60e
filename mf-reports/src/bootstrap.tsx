// Standalone entry (`npm run dev -w mf-reports`): every report and ledger behind the shared
// minimal host, so this remote can be developed without the shell. Paths and labels are the
// shell's: both come from the list of the remotes in contract.
import { mountRemote } from 'shared-ui';
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

mountRemote('reports', {
  IncomeReportPage,
  FinanceReportPage,
  ExpenseVsTypeReportPage,
  EmployeesVsSalaryReportPage,
  ClientsVsSalesPage,
  ClientLedgerPage,
  EmployeeLedgerPage,
  ExpenseLedgerPage,
  YearlyReportPage,
  TotalsReportPage,
});
