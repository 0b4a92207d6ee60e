export { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage';
