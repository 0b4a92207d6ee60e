export { TableReport } from './TableReport';
export type { FilterControls, TableReportProps } from './TableReport';
export { dateFilters } from './date-filters';
