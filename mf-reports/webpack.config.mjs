// mf-reports: the Reports remote. Exposes one module per report or ledger screen; `npm run dev`
// serves them alone behind the shared standalone host.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts } from '../webpack/create-config.mjs';

const screens = [
  'ClientsVsSalesPage',
  'EmployeesVsSalaryReportPage',
  'ExpenseVsTypeReportPage',
  'FinanceReportPage',
  'IncomeReportPage',
  'TotalsReportPage',
  'ClientLedgerPage',
  'EmployeeLedgerPage',
  'ExpenseLedgerPage',
  'YearlyReportPage',
];

export default createConfig({
  name: 'reports',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.reports,
  title: 'mf-reports (standalone)',
  exposes: Object.fromEntries(screens.map((screen) => [`./${screen}`, `./src/${screen}/index.ts`])),
});
