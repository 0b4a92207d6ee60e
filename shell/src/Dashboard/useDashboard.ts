import { useState } from 'react';
import {
  currentMonthRange,
  endpoints,
  fillWithCurrentMonth,
  keepPreviousData,
  useApiQuery,
  useAppliedFilters,
} from 'shared-ui';
import type { DateRange } from 'shared-ui';
import type { CompareChoice } from 'contract/browser';
import { takeEarlyCall } from './dashboard-calls';

/**
 * The dashboard's data: the head-counts, and the money totals of the range last applied (this
 * month at first). Recording or reversing an entry anywhere on the page refreshes them (the
 * contract's topics). docs/product.md#messages: load errors are logged only, with no message to the user.
 */
export function useDashboard() {
  // The dates in the inputs, and the ones the cards show.
  const [range, setRange] = useState<DateRange>(() => currentMonthRange());
  // What the money cards are compared with (issue 34); none at first.
  const [compare, setCompare] = useState<CompareChoice>('none');
  const { applied, apply: ask } = useAppliedFilters<DateRange & { compare?: CompareChoice }>(() =>
    fillWithCurrentMonth(range),
  );
  // Right after sign-in the page has already asked for both (see startDashboardCalls): the first
  // mount shows those answers; every later visit asks again.
  const [early] = useState(() => ({
    totals: takeEarlyCall('getTotals'),
    finance: takeEarlyCall('getFinance'),
  }));
  const totals = useApiQuery(endpoints.getTotals, undefined, {
    onError: 'log',
    refetchOnMount: !early.totals,
  });
  const finance = useApiQuery(
    endpoints.getFinance,
    { query: applied },
    // The figures of the dates before stay on the cards until the new ones arrive.
    { onError: 'log', refetchOnMount: !early.finance, placeholderData: keepPreviousData },
  );

  /**
   * Shows the totals of the dates in the inputs (empty ones: this month), asked again; or of a
   * period just chosen (This month, Last month...), which goes into the inputs.
   */
  const apply = (period?: DateRange) => {
    if (period) setRange(period);
    const dates = fillWithCurrentMonth(period ?? range);
    // Without a comparison the call is the spec's, as the page asked it at sign-in.
    ask(compare === 'none' ? dates : { ...dates, compare }, finance.refetch);
  };

  return {
    range,
    setRange,
    compare,
    setCompare,
    /** The comparison of the figures shown. */
    shownCompare: applied.compare,
    apply,
    totals: totals.data,
    finance: finance.data,
    /** The dates of the totals shown; undefined until they are known. */
    shown: finance.data && !finance.isPlaceholderData ? applied : undefined,
  };
}
