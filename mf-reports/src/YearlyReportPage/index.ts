export { YearlyReportPage } from './YearlyReportPage';
