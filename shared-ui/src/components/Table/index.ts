export { Table, VIRTUALISE_AFTER } from './Table';
export type { TableFigures, TableProps } from './Table';
export { tableTotals } from './columns';
export type { CellValue, SummaryLine, TableColumn } from './columns';
