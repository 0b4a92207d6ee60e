export { FiguresTable, reportCsv, VIRTUALISE_AFTER } from './FiguresTable';
export type { CellValue, ReportColumn, FiguresTableProps, SummaryLine } from './FiguresTable';
