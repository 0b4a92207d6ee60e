export { StatementSection, accountLink } from './StatementSection';
export type { StatementSectionProps } from './StatementSection';
export { DateFilter } from './DateFilter';
export type { DateFilterProps } from './DateFilter';
