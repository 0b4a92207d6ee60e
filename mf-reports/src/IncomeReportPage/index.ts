export { IncomeReportPage } from './IncomeReportPage';
