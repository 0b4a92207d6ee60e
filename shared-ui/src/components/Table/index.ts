export { Table, VIRTUALISE_AFTER } from './Table';
export type { CellValue, SummaryLine, TableColumn, TableFigures, TableProps } from './Table';
