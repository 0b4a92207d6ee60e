// The dashboard's first two calls, started by the page before the signed-in code has loaded.
import type { Finance, Totals } from 'contract';
import { currentMonthRange, fetchFinance, fetchTotals, getToken } from 'shared-ui';
import type { DateRange } from 'shared-ui';

export interface DashboardCalls {
  totals: Promise<Totals>;
  finance: Promise<Finance>;
}

let started: DashboardCalls | null = null;

/**
 * Starts the dashboard's first two calls at once, for the Dashboard's first mount to take. The
 * page does so as soon as it opens signed in at `/` (startDashboardCallsOnArrival), so the figures
 * travel while the signed-in code still loads instead of after it.
 */
export function startDashboardCalls(month: DateRange): void {
  started = { totals: fetchTotals(), finance: fetchFinance(month) };
  // The Dashboard logs failures when it takes the calls; until then they are not unhandled.
  started.totals.catch(() => undefined);
  started.finance.catch(() => undefined);
}

/**
 * Sign-in reloads the page at `/`: opened there signed in, the page asks for this month's figures
 * at once. Elsewhere, or signed out, nothing is started.
 */
export function startDashboardCallsOnArrival(): void {
  if (getToken() && window.location.pathname === '/') startDashboardCalls(currentMonthRange());
}

/** The calls started by startDashboardCalls, once; null when none are waiting. */
export function takeDashboardCalls(): DashboardCalls | null {
  const calls = started;
  started = null;
  return calls;
}
