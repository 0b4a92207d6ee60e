// The data of the general ledger screen: the chart's accounts for the picker, and one account's
// lines for the dates asked, a page at a time. The first page is read through the page's cache
// (an entry recorded elsewhere refreshes it); Load more appends the next page to it.
import { useEffect, useState } from 'react';
import { call, errorMessage, notify, useApiQuery, useAppliedFilters } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import type { GeneralLedgerPage, GeneralLedgerRow } from 'contract/browser';
import { generalLedgerCalls } from '../../helpers/ledger-calls';

/** Lines asked for at a time. */
export const GENERAL_LEDGER_PAGE_ROWS = 100;

/** The account and dates the lines on screen were asked for. */
export interface Asked {
  accountId: number;
  range: DateRange;
}

/** Lines read after the first page, and where the next page starts. */
interface More {
  first: GeneralLedgerPage;
  rows: GeneralLedgerRow[];
  next: string | null;
}

const inputOf = ({ accountId, range }: Asked, after?: string) => ({
  params: { id: accountId },
  query: {
    from: range.from,
    to: range.to,
    limit: GENERAL_LEDGER_PAGE_ROWS,
    ...(after ? { after } : {}),
  },
});

export function useGeneralLedger(initial: Asked | undefined) {
  const accounts = useApiQuery(generalLedgerCalls.accounts, undefined);
  const { applied, apply } = useAppliedFilters<Asked | undefined>(initial);
  const first = useApiQuery(
    generalLedgerCalls.report,
    applied ? inputOf(applied) : { params: { id: 0 }, query: { from: '', to: '' } },
    { enabled: applied !== undefined },
  );
  const [more, setMore] = useState<More | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  // Another account or dates, or the first page read again: the pages after it start over.
  const page = first.data;
  const extra = more && page && more.first === page ? more : undefined;
  useEffect(() => setLoadingMore(false), [page]);

  const loadMore = async () => {
    const after = extra ? extra.next : page?.next;
    if (!applied || !page || !after) return;
    setLoadingMore(true);
    try {
      const next = await call(generalLedgerCalls.report, inputOf(applied, after));
      setMore({ first: page, rows: [...(extra?.rows ?? []), ...next.rows], next: next.next });
    } catch (error) {
      notify(errorMessage(error, generalLedgerCalls.report.texts.error));
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    accounts: accounts.data?.accounts ?? [],
    applied,
    /** Shows the lines of this account and these dates (asks again when they are the same). */
    show: (wanted: Asked) => apply(wanted, first.refetch),
    page,
    rows: page ? [...page.rows, ...(extra?.rows ?? [])] : [],
    next: extra ? extra.next : (page?.next ?? null),
    loading: first.isFetching,
    loadingMore,
    loadMore,
  };
}
