export { TotalsReportPage } from './TotalsReportPage';
