import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { type LedgerOpeningQuery } from 'contract/browser';
import { Select, formatRs, messages } from 'shared-ui';
import type { DateRange, Endpoint, Money, endpoints } from 'shared-ui';
import { FilterBar } from '../FilterBar';
import { ReportLayout } from '../ReportLayout';
import { ReportTable } from '../ReportTable';
import { describePeriod } from '../../helpers/periods';
import { ledgerColumns, openingLine } from './ledger-columns';
import type { LedgerAddress } from '../links';
import type { LedgerEntry } from './ledger-columns';
import { useLedger } from './useLedger';

export interface LedgerPicker {
  /** Field label, e.g. "Client". */
  label: string;
  /** The empty first option, e.g. "Select client". */
  placeholder: string;
  /** The list the picker offers (its texts are alerted when it cannot be read). */
  parties: typeof endpoints.listClients | typeof endpoints.listEmployees;
  /** Alert when Get Ledger is pressed without a choice (docs/product.md#validation). */
  required: string;
}

export interface LedgerProps<Row extends LedgerEntry> {
  title: string;
  /** The ledger's call: what `load` asks, and what recording an entry refreshes. */
  endpoint: Endpoint;
  /** Header of the party column: Client, Employee, Expense Type. */
  partyHeader: string;
  partyName: (row: Row) => string;
  /** Absent on the expense ledger, which covers every expense type. */
  picker?: LedgerPicker;
  /** The period a request covers, from the dates on screen (docs/product.md#constants defaults differ). */
  resolveRange: (range: DateRange) => DateRange;
  /**
   * Fetches one page with the dates as on screen: up to `page.limit` rows from the cursor
   * `page.after` (none: from the start), with the cursor of the next page (null: the last).
   * `partyId` is '' without a picker.
   */
  load: (partyId: string, range: DateRange, page: LedgerPageQuery) => Promise<LedgerPageOf<Row>>;
  /** What to ask the server for the balance brought forward into the range on screen. */
  openingQuery: (partyId: string, range: DateRange) => LedgerOpeningQuery;
  /** The expense ledger needs no choice and shows the current month straight away. */
  loadOnMount?: boolean;
  /** The party and dates in the address: the ledger opens on what the address says and keeps
   * what it shows there. */
  address: LedgerAddress;
  csvFileName: string;
  /** Download Excel / PDF of the ledger on screen: its party and its dates as resolved. */
  downloads?: (partyId: string, range: DateRange) => ReactNode;
}

/** The paging parameters of the paged ledger calls (`after`: the `next` of the previous page). */
export interface LedgerPageQuery {
  limit: number;
  after?: string;
}

/** One page of a ledger as the paged ledger calls answer it. */
export interface LedgerPageOf<Row> {
  rows: Row[];
  next: string | null;
}

/**
 * Above the table: the balance brought forward and where the range ends, as the opening line and
 * the closing totals say them (the closing once every page is in).
 */
function BalancesLine<Row extends LedgerEntry>({
  opening,
  rows,
  complete,
}: {
  opening: Money;
  rows: Row[];
  complete: boolean;
}) {
  const closing = rows.at(-1)?.balance ?? opening;
  return (
    <p className="reports-ledger__balances" aria-label="Balances">
      <span>Opening balance {formatRs(opening)}</span>
      {complete && <span>Closing balance {formatRs(closing)}</span>}
    </p>
  );
}

/**
 * One ledger screen: optional party picker, dates, Get Ledger, then the entries with an
 * opening balance line, Debit/Credit columns, the running balance and closing totals.
 */
export function Ledger<Row extends LedgerEntry>(props: LedgerProps<Row>) {
  const { title, partyHeader, partyName, picker, resolveRange, csvFileName } = props;
  const { range, setRange, partyId, setPartyId, options, getLedger, asked, shown, loading } =
    useLedger(props);

  const columns = useMemo(() => ledgerColumns(partyHeader, partyName), [partyHeader, partyName]);
  const rows = useMemo(() => shown?.rows ?? [], [shown]);
  // The first pages of a long range stay on screen while the rest arrive.
  const morePending = loading && shown?.complete === false;
  const opening = useMemo(() => (shown ? openingLine(shown.opening) : undefined), [shown]);
  const shownParty = options.find((option) => option.value === asked?.partyId)?.label;
  const partyLabel = picker && shownParty ? `${picker.label}: ${shownParty}` : undefined;
  const period =
    shown && asked
      ? [partyLabel, describePeriod(resolveRange(asked.range))].filter(Boolean).join(', ')
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
          onSubmit={getLedger}
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
      {shown && !(loading && !morePending) && (
        <BalancesLine opening={shown.opening} rows={rows} complete={shown.complete} />
      )}
      <ReportTable
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
        actions={
          asked && shown ? props.downloads?.(asked.partyId, resolveRange(asked.range)) : undefined
        }
      />
    </ReportLayout>
  );
}
