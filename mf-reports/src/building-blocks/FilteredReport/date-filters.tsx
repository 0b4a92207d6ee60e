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
      onSubmit={(period) => apply(period ?? params)}
      busy={busy}
    />
  );
}
