export { FilteredReport } from './FilteredReport';
export type { FilterControls, FilteredReportProps } from './FilteredReport';
export { dateFilters } from './date-filters';
