export { ReportTable, reportCsv, reportTotals } from './ReportTable';
export type { ReportColumn, ReportTableProps } from './ReportTable';
