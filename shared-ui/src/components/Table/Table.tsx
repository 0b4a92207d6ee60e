import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { messages } from 'contract';
import { cellOf, displayValue, numericClass, tableTotals } from './columns';
import type { SummaryLine, TableColumn } from './columns';
import { usePrinting } from './usePrinting';
import { useRowWindow } from './useRowWindow';
import './Table.css';

/** The figures role: a report's or ledger's table, with summary lines and windowing. */
export interface TableFigures {
  /** First label of the totals row (default "Total"); the row adds each column's `total`. */
  totalsLabel?: string;
  /** A line before the rows, such as a ledger's opening balance. */
  opening?: SummaryLine;
  /**
   * The rows shown are the first part of a longer answer still arriving: the totals row says so
   * instead of totalling part of it.
   */
  morePending?: boolean;
}

export interface TableProps<Row> {
  /** Accessible name of the table. */
  caption: string;
  columns: Array<TableColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** Empty-state text; the spec uses both "No records found" and "No Records Found". */
  emptyText?: string;
  /** Present: the figures role (totals row, opening line, windowing). Absent: a plain list. */
  figures?: TableFigures;
}

/** Above this many rows a figures table renders only the rows in view (README, "Table"): a
 * 50,000-row ledger renders as fast as a 50-row one. Smaller tables render whole (find-in-page). */
export const VIRTUALISE_AFTER = 300;
/** Windowed rows have one fixed height (CSS keeps them to one line) so scrolling is exact. */
const ROW_HEIGHT = 40;

/**
 * The one table of every screen. A plain list by default: columns, rows, "Loading..." and the
 * empty state. With `figures`: tabular figures, an optional opening line, a totals row, and
 * windowed rendering of long lists (every row again while printing).
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = messages.noRecordsFound,
  figures,
}: TableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const totalsLabel = figures?.totalsLabel ?? messages.tableTotal;
  const totals = useMemo(
    () => (figures ? tableTotals(columns, rows, totalsLabel) : undefined),
    [figures, columns, rows, totalsLabel],
  );
  const opening = figures?.opening;
  const hasRows = !loading && rows.length > 0;
  const virtual = !!figures && hasRows && rows.length > VIRTUALISE_AFTER && !printing;
  const rowWindow = useRowWindow(rows.length, ROW_HEIGHT, scrollRef, virtual);

  const summaryRow = (summary: SummaryLine, className: string, rowIndex?: number) => (
    <tr className={className} aria-rowindex={rowIndex}>
      {columns.map((column, index) =>
        index === 0 && !(column.key in summary.values) ? (
          <th key={column.key} scope="row">
            {summary.label}
          </th>
        ) : (
          <td key={column.key} className={numericClass(column)}>
            {displayValue(column, summary.values[column.key] ?? null)}
          </td>
        ),
      )}
    </tr>
  );

  const dataRow = (row: Row, rowIndex: number) => (
    <tr key={rowKey(row)} aria-rowindex={virtual ? rowIndex : undefined}>
      {columns.map((column) => (
        <td key={column.key} className={numericClass(column)}>
          {cellOf(column, row)}
        </td>
      ))}
    </tr>
  );

  // Rows before the data: the header row, then the opening line if any (for aria-rowindex).
  const before = 1 + (opening ? 1 : 0);
  const lastIndex = before + rows.length + 1;
  let body: ReactNode;
  if (loading || rows.length === 0) {
    body = (
      <tr>
        <td
          colSpan={columns.length}
          className="ofs-table__state"
          role={loading ? 'status' : undefined}
        >
          {loading ? messages.loading : emptyText}
        </td>
      </tr>
    );
  } else if (virtual) {
    const { first, end, padTop, padBottom } = rowWindow;
    body = (
      <>
        {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
        {rows.slice(first, end).map((row, offset) => dataRow(row, before + first + offset + 1))}
        {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
      </>
    );
  } else {
    body = rows.map((row, index) => dataRow(row, before + index + 1));
  }

  const scrollClass = ['ofs-table__scroll', figures && 'ofs-table__scroll--figures']
    .concat(virtual ? 'ofs-table__scroll--windowed' : [])
    .filter(Boolean)
    .join(' ');
  const tableClass = ['ofs-table', figures && 'ofs-table--figures']
    .concat(virtual ? 'ofs-table--windowed' : [])
    .filter(Boolean)
    .join(' ');

  return (
    // Focusable and named, so keyboard users can scroll a wide or windowed table.
    <div ref={scrollRef} className={scrollClass} role="region" aria-label={caption} tabIndex={0}>
      <table
        className={tableClass}
        aria-busy={loading || undefined}
        aria-rowcount={virtual ? lastIndex : undefined}
      >
        <caption className="ofs-visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={virtual ? 1 : undefined}>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={numericClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
          {/* In the head, to stay in view above a scrolled window; shown with no entries too. */}
          {!loading &&
            opening &&
            summaryRow(opening, 'ofs-table__opening', virtual ? 2 : undefined)}
        </thead>
        <tbody>{body}</tbody>
        {hasRows && totals && (
          <tfoot>
            {figures?.morePending ? (
              <tr aria-rowindex={virtual ? lastIndex : undefined}>
                <td colSpan={columns.length} className="ofs-table__state" role="status">
                  {messages.tableLoadingMore(rows.length)}
                </td>
              </tr>
            ) : (
              summaryRow(totals, 'ofs-table__totals', virtual ? lastIndex : undefined)
            )}
          </tfoot>
        )}
      </table>
    </div>
  );
}
