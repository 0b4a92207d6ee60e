import { useCallback, useEffect, useMemo, useState } from 'react';
import { messages, type LedgerOpeningQuery } from 'contract';
import { Select, call, endpoints, errorMessage, notify } from 'shared-ui';
import type { DateRange, Money } from 'shared-ui';
import { FilterBar } from '../FilterBar';
import { ReportLayout } from '../ReportLayout';
import { FiguresTable } from '../FiguresTable';
import type { PartyOption } from '../../helpers/party-options';
import { useReportData } from '../../helpers/useReportData';
import { describePeriod } from '../../helpers/periods';
import { ledgerColumns, openingLine } from './ledger-columns';
import type { LedgerAddress } from '../links';
import type { LedgerEntry } from './ledger-columns';

export interface LedgerPicker {
  /** Field label, e.g. "Client". */
  label: string;
  /** The empty first option, e.g. "Select client". */
  placeholder: string;
  loadOptions: () => Promise<PartyOption[]>;
  /** Alert when Get Ledger is pressed without a choice (spec §5). */
  required: string;
  /** Fallback alert when the options cannot be loaded. */
  optionsError: string;
}

export interface LedgerProps<Row extends LedgerEntry> {
  title: string;
  /** Header of the party column: Client, Employee, Expense Type. */
  partyHeader: string;
  partyName: (row: Row) => string;
  /** Absent on the expense ledger, which covers every expense type. */
  picker?: LedgerPicker;
  initialRange: DateRange;
  /** The period a request covers, from the dates on screen (spec §9 defaults differ). */
  resolveRange: (range: DateRange) => DateRange;
  /**
   * Fetches one page with the dates as on screen: up to `page.limit` rows after the position
   * `page.after` (none: from the start). `partyId` is '' without a picker.
   */
  load: (partyId: string, range: DateRange, page: LedgerPageQuery) => Promise<Row[]>;
  /** What to ask the server for the balance brought forward into the range on screen. */
  openingQuery: (partyId: string, range: DateRange) => LedgerOpeningQuery;
  /** Catalogue text alerted when the ledger cannot be fetched. */
  errorText: string;
  /** The expense ledger needs no choice and shows the current month straight away. */
  loadOnMount?: boolean;
  /** The party and dates in the address: the ledger opens on what the address says and keeps
   * what it shows there. */
  address: LedgerAddress;
  csvFileName: string;
}

/** The paging parameters of the ledger calls (contract/src/reports.ts, `LedgerPaging`). */
export interface LedgerPageQuery {
  limit: number;
  after?: string;
}

/**
 * Rows asked for at a time. A long range (a busy month of expenses is thousands of rows) comes
 * in pages of this size, each shown as it arrives, rather than in one answer.
 */
export const LEDGER_PAGE_ROWS = 1000;

/** The position after a row, as the ledger calls take it (`after`). */
const positionAfter = (row: LedgerEntry) => `${row.date}_${row.id}`;

/** What the table shows: the rows of one request and what they were asked for. */
interface Shown<Row> {
  rows: Row[];
  range: DateRange;
  partyId: string;
  /** The balance brought forward into the range. */
  opening: Money;
  /** False while later pages of the range are still being fetched. */
  complete: boolean;
}

/**
 * One ledger screen: optional party picker, dates, Get Ledger, then the entries with an
 * opening balance line, Debit/Credit columns, the running balance and closing totals.
 */
export function Ledger<Row extends LedgerEntry>({
  title,
  partyHeader,
  partyName,
  picker,
  initialRange,
  resolveRange,
  load,
  openingQuery,
  errorText,
  loadOnMount = false,
  address,
  csvFileName,
}: LedgerProps<Row>) {
  // What the address asks for, read once on opening (a drill-down link, a bookmark).
  const [asked] = useState(() => {
    const { partyId, range } = address.read();
    return { range: range ?? initialRange, partyId };
  });
  const [range, setRange] = useState(asked.range);
  const [partyId, setPartyId] = useState(asked.partyId);
  const [options, setOptions] = useState<PartyOption[]>([]);
  const { data, loading, run } = useReportData<Shown<Row>>({ alert: errorText });

  const loadOptions = picker?.loadOptions;
  const optionsError = picker?.optionsError;
  useEffect(() => {
    if (!loadOptions) return;
    loadOptions()
      .then(setOptions)
      .catch((error: unknown) => notify(errorMessage(error, optionsError ?? errorText)));
  }, [loadOptions, optionsError, errorText]);

  const fetchLedger = useCallback(
    (wantedParty: string, wantedRange: DateRange) => {
      address.write(wantedParty, wantedRange);
      return run(async (show) => {
        // The balance brought forward travels beside the first page.
        const [opening, first] = await Promise.all([
          call(endpoints.getLedgerOpening, { query: openingQuery(wantedParty, wantedRange) }),
          load(wantedParty, wantedRange, { limit: LEDGER_PAGE_ROWS }),
        ]);
        const shown = (rows: Row[], complete: boolean): Shown<Row> => ({
          rows,
          range: resolveRange(wantedRange),
          partyId: wantedParty,
          opening: opening.balance,
          complete,
        });
        let rows: Row[] = [];
        let after: string | undefined;
        let page = first;
        for (;;) {
          rows = rows.concat(page);
          const last = page[page.length - 1];
          // A short page ends the range (so does a position that did not move on, which only a
          // misbehaving server could send: it must not keep the screen asking forever).
          if (page.length < LEDGER_PAGE_ROWS || !last || positionAfter(last) === after)
            return shown(rows, true);
          // Another Get Ledger has started: its answer is the one to fetch.
          if (!show(shown(rows, false))) return shown(rows, false);
          after = positionAfter(last);
          page = await load(wantedParty, wantedRange, { limit: LEDGER_PAGE_ROWS, after });
        }
      });
    },
    [resolveRange, load, openingQuery, run, address],
  );

  useEffect(() => {
    if (loadOnMount || (picker && asked.partyId)) void fetchLedger(asked.partyId, asked.range);
  }, [loadOnMount, picker, fetchLedger, asked]);

  const onGetLedger = () => {
    if (picker && !partyId) {
      notify(picker.required);
      return;
    }
    void fetchLedger(partyId, range);
  };

  const columns = useMemo(() => ledgerColumns(partyHeader, partyName), [partyHeader, partyName]);
  const rows = useMemo(() => data?.rows ?? [], [data]);
  // The first pages of a long range stay on screen while the rest arrive.
  const morePending = loading && data?.complete === false;
  const opening = useMemo(() => (data ? openingLine(data.opening) : undefined), [data]);
  const shownParty = options.find((option) => option.value === data?.partyId)?.label;
  const partyLabel = picker && shownParty ? `${picker.label}: ${shownParty}` : undefined;
  const period = data
    ? [partyLabel, describePeriod(data.range)].filter(Boolean).join(', ')
    : undefined;

  return (
    <ReportLayout
      title={title}
      period={period}
      filters={
        <FilterBar
          range={range}
          onRangeChange={setRange}
          submitLabel="Get Ledger"
          onSubmit={onGetLedger}
          busy={loading}
        >
          {picker && (
            <Select
              label={picker.label}
              name="party"
              value={partyId}
              onChange={setPartyId}
              options={options}
              placeholder={picker.placeholder}
            />
          )}
        </FilterBar>
      }
    >
      <FiguresTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading && !morePending}
        morePending={morePending}
        emptyText={messages.noRecordsFoundTitle}
        totalsLabel="Closing totals"
        opening={opening}
        csvFileName={csvFileName}
      />
    </ReportLayout>
  );
}
