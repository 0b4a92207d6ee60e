// The dashboard's first two calls, started by the page before the signed-in code has loaded.
import type { Finance, Totals } from 'contract';
import { fetchFinance, fetchTotals } from 'shared-ui';
import type { DateRange } from 'shared-ui';

export interface DashboardCalls {
  totals: Promise<Totals>;
  finance: Promise<Finance>;
}

let started: DashboardCalls | null = null;

/**
 * Starts the dashboard's first two calls at once. The page calls this as soon as it opens signed
 * in at `/` (after every sign-in), so the figures travel while the signed-in code still loads
 * instead of after it.
 */
export function startDashboardCalls(month: DateRange): void {
  started = { totals: fetchTotals(), finance: fetchFinance(month) };
  // The Dashboard logs failures when it takes the calls; until then they are not unhandled.
  started.totals.catch(() => undefined);
  started.finance.catch(() => undefined);
}

/** The calls started by startDashboardCalls, once; null when none are waiting. */
export function takeDashboardCalls(): DashboardCalls | null {
  const calls = started;
  started = null;
  return calls;
}
