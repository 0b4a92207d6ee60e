export { ReceivablesReportPage } from './ReceivablesReportPage';
