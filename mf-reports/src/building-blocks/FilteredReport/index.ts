export { FilteredReport } from './FilteredReport';
export type { FilterControls, FilteredReportProps } from './FilteredReport';
export { dateAddress, dateFilters } from './date-filters';
export type { AddressParams } from './FilteredReport';
