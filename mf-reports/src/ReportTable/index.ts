export { ReportTable, reportCsv, VIRTUALISE_AFTER } from './ReportTable';
export type { CellValue, ReportColumn, ReportTableProps, SummaryLine } from './ReportTable';
