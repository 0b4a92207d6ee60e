// Drill-down: every report figure leads to the entries behind it, as a real link (keyboard,
// middle click and a new tab all work), and report screens keep their filters in the address.
import { toIsoDate } from 'shared-ui';
import type { DateRange } from 'shared-ui';

/** Earliest day a link asks for when a report covers all time (as the server's reports do). */
export const ALL_TIME_FROM = '1900-01-01';

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return params.toString();
};

/** The journal of a range, a kind, a party, Credit or Debit. */
export const journalHref = (filters: {
  from?: string;
  to?: string;
  kind?: 'income' | 'expense' | 'salary';
  partyId?: number;
  Creditdebit?: 'Credit' | 'Debit';
}) => `/Journal?${query(filters)}`;

/** A party's ledger over a range (all time up to today when the range is open). */
export const ledgerHref = (
  path: '/ClientLedgerPage' | '/EmployeeLedgerPage',
  party: { clientId: number } | { employeeId: number },
  range: DateRange,
) =>
  `${path}?${query({
    ...party,
    startDate: range.from || ALL_TIME_FROM,
    endDate: range.to || toIsoDate(new Date()),
  })}`;

/** The first and last day of a month (`month` 1-12). */
export function monthRange(year: number, month: number): DateRange {
  const last = new Date(year, month, 0).getDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The filters of the address, read once when a report opens. */
export const addressParams = (): URLSearchParams => new URLSearchParams(window.location.search);

/**
 * Puts a report's filters in the address without a new history entry or a reload, so the
 * report state on screen is a link (bookmark, share, new tab).
 */
export function keepInAddress(values: Record<string, string | number | undefined>): void {
  const text = query(values);
  const url = `${window.location.pathname}${text ? `?${text}` : ''}${window.location.hash}`;
  window.history.replaceState(window.history.state, '', url);
}
