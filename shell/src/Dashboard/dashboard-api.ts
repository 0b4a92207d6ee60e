// The dashboard's two calls (spec §7). Their failures are only logged (spec §8).
import { messages } from 'contract';
import type { Finance, Totals } from 'contract';
import { api } from 'shared-ui';
import type { DateRange } from 'shared-ui';

const MESSAGES = { failure: messages.errorFetchingData, error: messages.errorFetchingData };

export function fetchTotals(): Promise<Totals> {
  return api.get<Totals>('/dashboard/totals', MESSAGES);
}

export function fetchFinance({ from, to }: DateRange): Promise<Finance> {
  const query = new URLSearchParams({ from, to });
  return api.get<Finance>(`/dashboard/finance?${query.toString()}`, MESSAGES);
}
