export { ReportTable, reportCsv } from './ReportTable';
export type { ReportColumn, ReportTableProps } from './ReportTable';
