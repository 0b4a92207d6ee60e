export { FinanceReportPage } from './FinanceReportPage';
