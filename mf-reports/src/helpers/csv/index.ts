export { csvCell, toCsv, downloadCsv } from './csv';
export type { CsvCell } from './csv';
