// Standalone entry (`npm run dev -w mf-reports`): every report and ledger behind the shared
// minimal host, so this remote can be developed without the shell. Paths and labels are the
// shell's: both come from the list of the remotes in contract.
import { mountRemote } from 'shared-ui';
import { BalanceSheetPage } from './screens/BalanceSheetPage';
import { BudgetReportPage } from './screens/BudgetReportPage';
import { ClientLedgerPage } from './screens/ClientLedgerPage';
import { ClientsVsSalesPage } from './screens/ClientsVsSalesPage';
import { EmployeeLedgerPage } from './screens/EmployeeLedgerPage';
import { EmployeesVsSalaryReportPage } from './screens/EmployeesVsSalaryReportPage';
import { ExpenseLedgerPage } from './screens/ExpenseLedgerPage';
import { ExpenseVsTypeReportPage } from './screens/ExpenseVsTypeReportPage';
import { FinanceReportPage } from './screens/FinanceReportPage';
import { GeneralLedgerPage } from './screens/GeneralLedgerPage';
import { IncomeReportPage } from './screens/IncomeReportPage';
import { MonthEndPage } from './screens/MonthEndPage';
import { ProfitLossPage } from './screens/ProfitLossPage';
import { ReceivablesReportPage } from './screens/ReceivablesReportPage';
import { TotalsReportPage } from './screens/TotalsReportPage';
import { TrialBalancePage } from './screens/TrialBalancePage';
import { YearlyReportPage } from './screens/YearlyReportPage';

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
  BudgetReportPage,
  ReceivablesReportPage,
  TrialBalancePage,
  BalanceSheetPage,
  ProfitLossPage,
  GeneralLedgerPage,
  MonthEndPage,
  TotalsReportPage,
});
