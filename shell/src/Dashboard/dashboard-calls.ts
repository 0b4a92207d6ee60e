// The dashboard's first two calls, started by the page before the signed-in code has loaded.
// They go into the page's cache under the keys the Dashboard reads, so its first mount takes
// their answers (or waits for them while they travel) instead of asking again. When the start
// script has already asked them (start.ts, at `/`), its answers are taken (prefetchApiQuery).
import type { EndpointName } from 'contract/browser';
import {
  currentMonthRange,
  endpoints,
  fillWithCurrentMonth,
  getToken,
  prefetchApiQuery,
} from 'shared-ui';
import type { DateRange } from 'shared-ui';

/** The reads started early and not yet shown: the Dashboard's first mount does not ask again. */
const early = new Set<EndpointName>();

/**
 * Starts the dashboard's first two calls at once. The page does so as soon as it opens signed in
 * at `/` (startDashboardCallsOnArrival), so the figures travel while the signed-in code still
 * loads instead of after it. Failures are logged, as the Dashboard's own are (docs/product.md#messages).
 */
export function startDashboardCalls(month: DateRange): void {
  void prefetchApiQuery(endpoints.getTotals, undefined, 'log');
  const query = fillWithCurrentMonth(month);
  void prefetchApiQuery(endpoints.getFinance, { query }, 'log');
  early.add('getTotals').add('getFinance');
}

/**
 * Sign-in reloads the page at `/`: opened there signed in, the page asks for this month's figures
 * at once. Elsewhere, or signed out, nothing is started.
 */
export function startDashboardCallsOnArrival(): void {
  if (getToken() && window.location.pathname === '/') startDashboardCalls(currentMonthRange());
}

/** True once for a read started early: its first showing needs no new request. */
export function takeEarlyCall(name: EndpointName): boolean {
  return early.delete(name);
}
