import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, formatMoney, plainMoney, sumMoney, messages } from 'shared-ui';
import { downloadCsv, toCsv } from '../../helpers/csv';
import type { CsvCell } from '../../helpers/csv';
import { usePrinting } from './usePrinting';
import { useRowWindow } from './useRowWindow';
// The base table look is the design system's (`ofs-table*`, from shared-ui's DataTable styles);
// FiguresTable.css adds only the summary rows, the windowed mode and print.
import './FiguresTable.css';

export type CellValue = string | number | null;

export interface ReportColumn<Row> {
  key: string;
  header: string;
  /** The raw figure or text: what the CSV carries and what a `sum` total adds up. */
  value: (row: Row) => CellValue;
  /** `money` right-aligns and shows `1,234.50` (CSV: `1234.50`); `count` right-aligns. */
  kind?: 'text' | 'money' | 'count';
  /** What the screen shows, where it differs from the raw value (a month name, say). */
  render?: (row: Row) => ReactNode;
  /** The totals row's cell: the column's sum, or a figure worked out from all rows. */
  total?: 'sum' | ((rows: Row[]) => CellValue);
}

/** A line outside the data rows: a label in the first column and figures by column key. */
export interface SummaryLine {
  label: string;
  values: Record<string, CellValue>;
}

export interface FiguresTableProps<Row> {
  /** Accessible name of the table. */
  caption: string;
  columns: Array<ReportColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** The spec uses both "No records found" and "No Records Found". */
  emptyText?: string;
  /** First label of the totals row. */
  totalsLabel?: string;
  /** A line before the rows, such as a ledger's opening balance. */
  opening?: SummaryLine;
  /** Name of the exported file, e.g. `clients-vs-sales.csv`. */
  csvFileName: string;
  /**
   * The rows shown are the first part of a longer answer still arriving: the totals row says so
   * instead of totalling part of it, and Export CSV waits for the whole.
   */
  morePending?: boolean;
  /** Buttons beside Export CSV: the server's Excel and PDF of the same figures. */
  actions?: ReactNode;
}

/** Above this many rows only the rows in view are in the DOM (see README, "Long ledgers"): a
 * 50,000-row ledger renders as fast as a 50-row one. Smaller tables render whole (find-in-page). */
export const VIRTUALISE_AFTER = 300;
/** Virtual rows have one fixed height (CSS keeps them to one line) so scrolling is exact. */
const ROW_HEIGHT = 40;

function display<Row>(column: ReportColumn<Row>, value: CellValue): ReactNode {
  if (value === null || value === '') return '';
  if (column.kind === 'money') return formatMoney(value);
  return String(value);
}

function exported<Row>(column: ReportColumn<Row>, value: CellValue): CsvCell {
  if (column.kind === 'money' && value !== null && value !== '') return plainMoney(value);
  return value;
}

function totalsOf<Row>(columns: Array<ReportColumn<Row>>, rows: Row[], label: string) {
  const values: Record<string, CellValue> = {};
  for (const column of columns) {
    if (column.total === 'sum') values[column.key] = sumMoney(rows.map(column.value));
    else if (column.total) values[column.key] = column.total(rows);
  }
  return { label, values };
}

/** The CSV text of what the table shows: header, opening line, rows, totals row. */
export function reportCsv<Row>(
  columns: Array<ReportColumn<Row>>,
  rows: Row[],
  totals: SummaryLine,
  opening?: SummaryLine,
): string {
  const line = (summary: SummaryLine): CsvCell[] =>
    columns.map((column, index) =>
      index === 0 && !(column.key in summary.values)
        ? summary.label
        : exported(column, summary.values[column.key] ?? null),
    );
  return toCsv([
    columns.map((column) => column.header),
    ...(opening ? [line(opening)] : []),
    ...rows.map((row) => columns.map((column) => exported(column, column.value(row)))),
    line(totals),
  ]);
}

/**
 * The one table of every report and ledger: columns, an optional opening line, a totals row,
 * "Loading..." and empty states, CSV export, and windowed rendering for long ledgers.
 */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = messages.noRecordsFound,
  totalsLabel = 'Total',
  opening,
  csvFileName,
  morePending = false,
  actions,
}: FiguresTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const totals = useMemo(() => totalsOf(columns, rows, totalsLabel), [columns, rows, totalsLabel]);
  const hasRows = !loading && rows.length > 0;
  const virtual = hasRows && rows.length > VIRTUALISE_AFTER && !printing;

  const rowWindow = useRowWindow(rows.length, ROW_HEIGHT, scrollRef, virtual);

  const numeric = (column: ReportColumn<Row>) =>
    column.kind === 'money' || column.kind === 'count' ? 'ofs-table__num' : undefined;

  const summaryRow = (summary: SummaryLine, className: string, rowIndex?: number) => (
    <tr className={className} aria-rowindex={rowIndex}>
      {columns.map((column, index) =>
        index === 0 && !(column.key in summary.values) ? (
          <th key={column.key} scope="row">
            {summary.label}
          </th>
        ) : (
          <td key={column.key} className={numeric(column)}>
            {display(column, summary.values[column.key] ?? null)}
          </td>
        ),
      )}
    </tr>
  );

  const dataRow = (row: Row, rowIndex: number) => (
    <tr key={rowKey(row)} aria-rowindex={virtual ? rowIndex : undefined}>
      {columns.map((column) => (
        <td key={column.key} className={numeric(column)}>
          {column.render ? column.render(row) : display(column, column.value(row))}
        </td>
      ))}
    </tr>
  );

  // Rows before the data: the header row, then the opening line if any (for aria-rowindex).
  const before = 1 + (opening ? 1 : 0);
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

  const onExport = () =>
    downloadCsv(csvFileName, reportCsv(columns, rows, totals, hasRows ? opening : undefined));

  return (
    <div className="reports-table">
      <div className="reports-table__actions ofs-no-print">
        <Button variant="secondary" onClick={onExport} disabled={!hasRows || morePending}>
          Export CSV
        </Button>
        {actions}
      </div>
      {/* Focusable and named, so keyboard users can scroll a wide or windowed table. */}
      <div
        ref={scrollRef}
        role="region"
        aria-label={caption}
        tabIndex={0}
        className={
          virtual ? 'ofs-table__scroll reports-table__scroll--virtual' : 'ofs-table__scroll'
        }
      >
        <table
          className={virtual ? 'ofs-table reports-table--virtual' : 'ofs-table'}
          aria-busy={loading || undefined}
          aria-rowcount={virtual ? before + rows.length + 1 : undefined}
        >
          <caption className="ofs-visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={virtual ? 1 : undefined}>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={numeric(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
            {/* In the head, to stay in view above a scrolled window; shown with no entries too. */}
            {!loading &&
              opening &&
              summaryRow(opening, 'reports-table__opening', virtual ? 2 : undefined)}
          </thead>
          <tbody>{body}</tbody>
          {hasRows && (
            <tfoot>
              {morePending ? (
                <tr aria-rowindex={virtual ? before + rows.length + 1 : undefined}>
                  <td colSpan={columns.length} className="ofs-table__state" role="status">
                    {`Loading more entries... ${rows.length.toLocaleString('en')} so far`}
                  </td>
                </tr>
              ) : (
                summaryRow(
                  totals,
                  'reports-table__totals',
                  virtual ? before + rows.length + 1 : undefined,
                )
              )}
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
