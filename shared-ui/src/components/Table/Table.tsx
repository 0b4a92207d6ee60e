import { Suspense, lazy } from 'react';
import type { ReactNode, RefObject } from 'react';
import { formatMoney, messages } from 'contract/browser';
import type FiguresTableType from './FiguresTable';
import './Table.css';

export type CellValue = string | number | null;

export interface TableColumn<Row> {
  key: string;
  header: string;
  /** The raw figure or text (a report's CSV carries it and adds it up). */
  value?: (row: Row) => CellValue;
  /** What the screen shows, where it differs from the raw value (a link, a month name, buttons). */
  render?: (row: Row) => ReactNode;
  /** `money` and `count` right-align; a `money` value shows as `1,234.50`. */
  kind?: 'text' | 'money' | 'count';
  /**
   * On a phone each row is a card: its `lead` (the party; the first column by default) heads it,
   * its `figure` (the amount or balance; the last money column by default) comes right after.
   */
  card?: 'lead' | 'figure';
  /** A class of the column's header and cells (a screen's widths, a sticky column). */
  className?: string;
}

/** A line outside the data rows: a label in the first column and figures by column key. */
export interface SummaryLine {
  label: string;
  values: Record<string, CellValue>;
}

/** How a raw value shows on screen: money formatted, nothing for null. */
export function displayValue<Row>(column: TableColumn<Row>, value: CellValue): ReactNode {
  if (value === null || value === '') return '';
  if (column.kind === 'money') return formatMoney(value);
  return String(value);
}

/** The cell of one row: the column's own rendering, else its value as displayed. */
export function cellOf<Row>(column: TableColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  return column.value ? displayValue(column, column.value(row)) : '';
}

export function numericClass<Row>(column: TableColumn<Row>): string | undefined {
  return column.kind === 'money' || column.kind === 'count' ? 'ofs-table__num' : undefined;
}

/** Which columns head a row's card on a phone: the marked ones, else the first and the last money. */
export function cardRoles<Row>(columns: Array<TableColumn<Row>>): Map<string, 'lead' | 'figure'> {
  const roles = new Map<string, 'lead' | 'figure'>();
  const lead = columns.find((column) => column.card === 'lead') ?? columns[0];
  const figure =
    columns.find((column) => column.card === 'figure') ??
    [...columns].reverse().find((column) => column.kind === 'money');
  if (lead) roles.set(lead.key, 'lead');
  if (figure && figure !== lead) roles.set(figure.key, 'figure');
  return roles;
}

/**
 * The attributes of a body cell: right-aligned figures, and on a phone its header as the label
 * beside it in the row's card and its place in the card (see Table.css).
 */
export function cellAttributes<Row>(
  column: TableColumn<Row>,
  roles: Map<string, 'lead' | 'figure'>,
): { className?: string; 'data-label': string } {
  const role = roles.get(column.key);
  const className = [numericClass(column), column.className, role && `ofs-table__card-${role}`]
    .filter(Boolean)
    .join(' ');
  return { className: className || undefined, 'data-label': column.header };
}

/** Above this many rows a figures table renders only the rows in view (README, "Table"): a
 * 50,000-row ledger renders as fast as a 50-row one. Smaller tables render whole (find-in-page). */
export const VIRTUALISE_AFTER = 300;

/** Every table of the product: on a phone (under 600 px) its rows show as cards. */
export const TABLE_CLASS = 'ofs-table ofs-table--cards';

// The parts below are shared with the figures role (FiguresTable.tsx), kept in this one module
// so that the screens that show no table carry as little of it as they did before. They are not
// re-exported from shared-ui.

/** The scrolling box and the table with its caption: the frame of both roles. */
export function TableFrame({
  caption,
  loading,
  scrollClass = 'ofs-table__scroll',
  tableClass = TABLE_CLASS,
  rowCount,
  scrollRef,
  children,
}: {
  caption: string;
  loading: boolean;
  scrollClass?: string;
  tableClass?: string;
  rowCount?: number;
  scrollRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    // Focusable and named, so keyboard users can scroll a wide or windowed table.
    <div ref={scrollRef} className={scrollClass} role="region" aria-label={caption} tabIndex={0}>
      <table className={tableClass} aria-busy={loading || undefined} aria-rowcount={rowCount}>
        <caption className="ofs-visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function HeaderRow<Row>({
  columns,
  rowIndex,
}: {
  columns: Array<TableColumn<Row>>;
  rowIndex?: number;
}) {
  return (
    <tr aria-rowindex={rowIndex}>
      {columns.map((column) => (
        <th
          key={column.key}
          scope="col"
          className={
            [numericClass(column), column.className].filter(Boolean).join(' ') || undefined
          }
        >
          {column.header}
        </th>
      ))}
    </tr>
  );
}

/** The one row of a table that is loading ("Loading...") or has no rows (the empty text). */
export function StateRow({
  span,
  loading,
  emptyText,
}: {
  span: number;
  loading: boolean;
  emptyText: string;
}) {
  return (
    <tr>
      <td colSpan={span} className="ofs-table__state" role={loading ? 'status' : undefined}>
        {loading ? messages.loading : emptyText}
      </td>
    </tr>
  );
}

/** The figures role: a report's or ledger's table, with summary lines and windowing. */
export interface TableFigures {
  /** The line after the rows: a label in the first column and the totals by column key. */
  totals?: SummaryLine;
  /** A line before the rows, such as a ledger's opening balance. */
  opening?: SummaryLine;
  /**
   * The rows shown are the first part of a longer answer still arriving: the line after them
   * says so instead of showing totals of part of it.
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
  /** Present: the figures role (opening and totals lines, windowing). Absent: a plain list. */
  figures?: TableFigures;
}

// The figures role (summary lines, windowing, print) loads with the first report that shows
// one, so the screens that never do (the dashboard first) do not download it.
/** Starts loading the figures role now: an app that shows reports calls it as it loads, so that
 * its first report does not wait for this code after its data. */
export const preloadFiguresTable = () => import('./FiguresTable');
// (`lazy` forgets that the component is generic; the cast gives its own type back.)
const FiguresTable = lazy(preloadFiguresTable) as unknown as typeof FiguresTableType;

/**
 * The one table of every screen. A plain list by default: columns, rows, "Loading..." and the
 * empty state. With `figures`: tabular figures, optional opening and totals lines, and
 * windowed rendering of long lists (every row again while printing); see README, "Table".
 */
export function Table<Row>(props: TableProps<Row>) {
  const { caption, columns, rows, rowKey, loading = false, emptyText, figures } = props;
  const roles = cardRoles(columns);
  if (figures) {
    return (
      <Suspense fallback={<Table {...props} figures={undefined} loading />}>
        <FiguresTable {...props} figures={figures} />
      </Suspense>
    );
  }
  return (
    <TableFrame caption={caption} loading={loading} tableClass={TABLE_CLASS}>
      <thead>
        <HeaderRow columns={columns} />
      </thead>
      <tbody>
        {loading || rows.length === 0 ? (
          <StateRow
            span={columns.length}
            loading={loading}
            emptyText={emptyText ?? messages.noRecordsFound}
          />
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} {...cellAttributes(column, roles)}>
                  {cellOf(column, row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
