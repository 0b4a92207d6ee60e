// Drill-down: every report figure leads to the entries behind it, as a real link (keyboard,
// middle click and a new tab all work), and report screens keep their filters in the address.
// Addresses are the contract's screens (shared-ui's `href`, `addressQuery`): no URL is written
// by hand here.
import { addressQuery, replaceAddressQuery, toIsoDate } from 'shared-ui';
import type { DateRange } from 'shared-ui';

/** A range open at both ends: all time. */
export const ALL_TIME: DateRange = { from: '', to: '' };

/**
 * A ledger's dates for a range a report covers. An open end is today, an open start 1 January of
 * the end's year (what came before is the ledger's opening balance), so a client opened from
 * Clients Vs Sales shows this year's entries, not a century of empty years.
 */
export const ledgerDates = (range: DateRange) => {
  const endDate = range.to || toIsoDate(new Date());
  return { startDate: range.from || `${endDate.slice(0, 4)}-01-01`, endDate };
};

/** The first and last day of a month (`month` 1-12). */
export function monthRange(year: number, month: number): DateRange {
  const last = new Date(year, month, 0).getDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The screens whose address carries report dates as the spec's calls name them. */
export type DatedScreen =
  | 'financeReport'
  | 'expenseVsTypeReport'
  | 'employeesVsSalaryReport'
  | 'clientLedger'
  | 'employeeLedger'
  | 'expenseLedger';

/** The dates of an address; undefined when it names neither. */
export const datesOf = (query: { startDate?: string; endDate?: string }): DateRange | undefined =>
  query.startDate !== undefined || query.endDate !== undefined
    ? { from: query.startDate ?? '', to: query.endDate ?? '' }
    : undefined;

/** Reading and keeping a report's parameters in the page's address. */
export interface AddressParams<Params> {
  /** What the address asks for, read once when the report opens. */
  read: () => Params | undefined;
  /** Puts the parameters on screen in the address, without a new history entry. */
  write: (params: Params) => void;
}

/** startDate/endDate in the address of a dated report. */
export const dateAddress = (screen: DatedScreen): AddressParams<DateRange> => ({
  read: () => datesOf(addressQuery(screen)),
  write: (range) => replaceAddressQuery(screen, { startDate: range.from, endDate: range.to }),
});

/** A ledger's party (as its picker holds it, '' for none) and dates in its address. */
export interface LedgerAddress {
  read: () => { partyId: string; range: DateRange | undefined };
  write: (partyId: string, range: DateRange) => void;
}

const partyOf = (id: number | undefined) => (id === undefined ? '' : String(id));
const idOf = (partyId: string) => (partyId ? Number(partyId) : undefined);

export const ledgerAddresses: Record<'client' | 'employee' | 'expense', LedgerAddress> = {
  client: {
    read: () => {
      const query = addressQuery('clientLedger');
      return { partyId: partyOf(query.clientId), range: datesOf(query) };
    },
    write: (partyId, range) =>
      replaceAddressQuery('clientLedger', {
        clientId: idOf(partyId),
        startDate: range.from,
        endDate: range.to,
      }),
  },
  employee: {
    read: () => {
      const query = addressQuery('employeeLedger');
      return { partyId: partyOf(query.employeeId), range: datesOf(query) };
    },
    write: (partyId, range) =>
      replaceAddressQuery('employeeLedger', {
        employeeId: idOf(partyId),
        startDate: range.from,
        endDate: range.to,
      }),
  },
  expense: {
    read: () => ({ partyId: '', range: datesOf(addressQuery('expenseLedger')) }),
    write: (_partyId, range) =>
      replaceAddressQuery('expenseLedger', { startDate: range.from, endDate: range.to }),
  },
};
