import type { ReactNode } from 'react';
import type { DateRange } from 'shared-ui';
import { FilterBar } from '../FilterBar';
import type { FilterControls } from './FilteredReport';

/** The Start/End Date + Filter bar of the dated reports, as a `filters` of FilteredReport. */
export function dateFilters({
  params,
  setParams,
  apply,
  busy,
}: FilterControls<DateRange>): ReactNode {
  return (
    <FilterBar
      range={params}
      onRangeChange={setParams}
      submitLabel="Filter"
      onSubmit={() => apply()}
      busy={busy}
    />
  );
}

/** startDate/endDate in the address, as the spec's calls name them. */
export const dateAddress = {
  read: (search: URLSearchParams): DateRange | undefined =>
    search.has('startDate') || search.has('endDate')
      ? { from: search.get('startDate') ?? '', to: search.get('endDate') ?? '' }
      : undefined,
  write: (range: DateRange) => ({ startDate: range.from, endDate: range.to }),
};
