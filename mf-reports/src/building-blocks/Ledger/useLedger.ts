// The data of one ledger screen: the picker's parties, and the entries of the party and dates
// last asked for, read page by page through the page's cache (shared-ui's useApiStream), so the
// first pages of a long range are on screen while the rest arrive, and recording an entry
// refreshes an open ledger.
import { useState } from 'react';
import {
  notify,
  partiesOf,
  partyLabel,
  useApiQuery,
  useApiStream,
  useAppliedFilters,
} from 'shared-ui';
import type { DateRange, Money, Party } from 'shared-ui';
import { call, endpoints } from 'shared-ui';
import type { LedgerOpeningQuery } from 'contract/browser';
import { ledgerOpeningRange } from '../../helpers/periods';
import type { LedgerEntry } from './ledger-columns';
import type { LedgerProps } from './Ledger';

/**
 * Rows asked for at a time. A long range (a busy month of expenses is thousands of rows) comes
 * in pages of this size, each shown as it arrives, rather than in one answer.
 */
export const LEDGER_PAGE_ROWS = 1000;

/** One request's worth: the balance brought forward comes with the first page. */
interface Chunk<Row> {
  opening?: Money;
  rows: Row[];
  complete: boolean;
}

/** What the table shows of the entries asked for. */
export interface LedgerShown<Row> {
  /** The balance brought forward into the range. */
  opening: Money;
  rows: Row[];
  /** False while later pages of the range are still being fetched. */
  complete: boolean;
}

/** The party and dates the entries on screen were asked for. */
interface Asked {
  partyId: string;
  range: DateRange;
}

const partyOptionsOf = (answer: { users: ReadonlyArray<Party> }) =>
  partiesOf(answer).map((party) => ({ value: String(party.id), label: partyLabel(party) }));

async function* pages<Row extends LedgerEntry>(
  load: LedgerProps<Row>['load'],
  openingQuery: (partyId: string, range: DateRange) => LedgerOpeningQuery,
  { partyId, range }: Asked,
  signal: AbortSignal,
): AsyncGenerator<Chunk<Row>> {
  // The balance brought forward travels beside the first page.
  const [opening, first] = await Promise.all([
    call(endpoints.getLedgerOpening, { query: openingQuery(partyId, range) }),
    load(partyId, range, { limit: LEDGER_PAGE_ROWS }),
  ]);
  let page = first;
  let after: string | undefined;
  let chunk: Chunk<Row> = { opening: opening.balance, rows: page.rows, complete: false };
  for (;;) {
    // The last page has no `next` (nor has a page whose `next` did not move on, which only a
    // misbehaving server could send: it must not keep the screen asking forever).
    if (page.next === null || page.next === after) {
      yield { ...chunk, complete: true };
      return;
    }
    yield chunk;
    // Nobody shows this ledger any more (another Get Ledger, the screen closed): stop asking.
    if (signal.aborted) return;
    after = page.next;
    page = await load(partyId, range, { limit: LEDGER_PAGE_ROWS, after });
    chunk = { rows: page.rows, complete: false };
  }
}

export function useLedger<Row extends LedgerEntry>({
  endpoint,
  picker,
  load,
  openingQuery,
  loadOnMount = false,
  address,
}: LedgerProps<Row>) {
  // What the address asks for, read once on opening (a drill-down link, a bookmark).
  const [fromAddress] = useState<Asked>(() => {
    const { partyId, range } = address.read();
    return { range: range ?? ledgerOpeningRange(), partyId };
  });
  const [range, setRange] = useState(fromAddress.range);
  const [partyId, setPartyId] = useState(fromAddress.partyId);
  // Nothing is asked until Get Ledger, unless the screen opens on a ledger.
  const { applied: asked, apply } = useAppliedFilters<Asked | undefined>(() =>
    loadOnMount || (picker && fromAddress.partyId) ? fromAddress : undefined,
  );

  const options = useApiQuery(picker?.parties ?? endpoints.listClients, undefined, {
    enabled: picker !== undefined,
    select: partyOptionsOf,
  });
  const ledger = useApiStream(
    endpoint,
    asked,
    {
      chunks: (signal) => pages(load, openingQuery, asked ?? fromAddress, signal),
      reducer: (shown: LedgerShown<Row>, chunk: Chunk<Row>) => ({
        opening: chunk.opening ?? shown.opening,
        rows: shown.rows.concat(chunk.rows),
        complete: chunk.complete,
      }),
      initialValue: { opening: 0, rows: [], complete: false },
    },
    { enabled: asked !== undefined },
  );

  /** Shows the ledger of the dates on screen, or of a period just chosen (This month...). */
  const getLedger = (period?: DateRange) => {
    const wanted = period ?? range;
    if (period) setRange(period);
    if (picker && !partyId) {
      // A period chosen before the party only fills the dates.
      if (!period) notify(picker.required);
      return;
    }
    address.write(partyId, wanted);
    apply({ partyId, range: wanted }, ledger.refetch);
  };

  return {
    range,
    setRange,
    partyId,
    setPartyId,
    options: options.data ?? [],
    getLedger,
    asked,
    shown: ledger.data,
    loading: ledger.isFetching,
  };
}
