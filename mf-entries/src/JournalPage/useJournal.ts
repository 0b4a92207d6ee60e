// The data of the /Journal screen: the filtered, paged list (shared-ui's useFilteredList over
// the contract's journal screen), the totals over everything that matches, the party picker of
// the chosen kind, and the reversal of an entry (a correction is CorrectDialog's). Reversing
// refreshes the list and the totals, and every open report and the dashboard (the contract's
// topics).
import { useRef } from 'react';
import type { EntryKind, JournalEntryRow } from 'contract/browser';
import {
  ENTRY_KINDS,
  endpoints,
  isOneOf,
  notify,
  useApiQuery,
  useApiWrite,
  useFilteredList,
} from 'shared-ui';
import { useIdempotencyKey } from '../EntryForm/useIdempotencyKey';
import { usePartyOptions } from '../EntryFields/usePartyOptions';

export const PAGE_SIZE = 50;

/** The filters, in the order the form shows them, with their labels. */
export const FILTERS = {
  from: 'From',
  to: 'To',
  kind: 'Kind',
  partyId: 'Party',
  Creditdebit: 'Credit/Debit',
  accountId: 'Account',
  minAmount: 'Amount from',
  maxAmount: 'Amount to',
  q: 'Text in description or party',
  receipt: 'Receipt',
} as const;
export type FilterName = keyof typeof FILTERS;

export const isKind = (value: string): value is EntryKind => isOneOf(ENTRY_KINDS, value);

export function useJournal() {
  const list = useFilteredList({
    screen: 'journal',
    labels: FILTERS,
    position: 'after',
    list: endpoints.listJournal,
    query: (filters, after) => ({ ...filters, limit: PAGE_SIZE, after }),
    csv: endpoints.journalCsv,
  });
  const totals = useApiQuery(
    endpoints.getJournalTotals,
    { query: list.filters },
    { onError: 'quiet' },
  );
  const kind = isKind(list.draft.kind) ? list.draft.kind : undefined;
  const parties = usePartyOptions(kind);
  const reverse = useApiWrite(endpoints.reverseEntry);
  const idempotency = useIdempotencyKey();
  // The mutation's state is not enough against a double click: both clicks can be handled
  // before the disabled button is rendered.
  const inFlight = useRef(false);

  /** Reverses an entry with the reason given; true once it was reversed, so the dialog closes. */
  const reverseEntry = async (row: JournalEntryRow, reason: string) => {
    if (inFlight.current) return false;
    if (reason === '') {
      notify('Please enter a reason');
      return false;
    }
    inFlight.current = true;
    const outcome = await reverse.run({
      params: { id: row.id },
      body: { reason },
      headers: { 'Idempotency-Key': idempotency.keyFor(`${row.id}:${reason}`) },
    });
    inFlight.current = false;
    if (!outcome.ok) return false;
    notify('Entry reversed');
    return true;
  };

  return {
    ...list,
    /** The totals of the filters in the address; undefined until they are in. */
    totals: totals.isPending ? undefined : totals.data,
    partyOptions: parties.options,
    /** A new dialog is a new reversal: it gets a new Idempotency-Key. */
    startReversal: () => idempotency.renew(),
    reverseEntry,
    reversing: reverse.isPending,
  };
}
