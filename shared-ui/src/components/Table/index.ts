export { Table, VIRTUALISE_AFTER, preloadFiguresTable } from './Table';
export type { CellValue, SummaryLine, TableColumn, TableFigures, TableProps } from './Table';
