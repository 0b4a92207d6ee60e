export { TableReport } from './TableReport';
export type { FilterControls, TableReportProps } from './TableReport';
export { dateAddress, dateFilters } from './date-filters';
export type { AddressParams } from './TableReport';
