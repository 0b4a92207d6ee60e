export { useFilteredList } from './useFilteredList';
export type { FilteredListConfig, FilterDraft } from './useFilteredList';
export { ListPager } from './ListPager';
export type { ListPagerProps } from './ListPager';
