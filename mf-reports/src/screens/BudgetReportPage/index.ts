export { BudgetReportPage } from './BudgetReportPage';
