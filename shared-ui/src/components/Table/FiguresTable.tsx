import { useRef } from 'react';
import type { ReactNode } from 'react';
import { messages } from 'contract/browser';
import {
  HeaderRow,
  StateRow,
  TableFrame,
  VIRTUALISE_AFTER,
  TABLE_CLASS,
  cardRoles,
  cellAttributes,
  cellOf,
  displayValue,
} from './Table';
import type { SummaryLine, TableFigures, TableProps } from './Table';
import { usePrinting } from './usePrinting';
import { useCardLayout } from './useCardLayout';
import { useRowWindow } from './useRowWindow';
import './FiguresTable.css';

/** Windowed rows have one fixed height (CSS keeps them to one line) so scrolling is exact. */
const ROW_HEIGHT = 40;

/**
 * The figures role of Table, loaded when first shown: tabular figures, an optional opening line,
 * opening and totals lines, and windowed rendering of long lists (every row again while printing).
 */
export default function FiguresTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = messages.noRecordsFound,
  figures,
}: TableProps<Row> & { figures: TableFigures }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const cards = useCardLayout();
  const { opening, totals, morePending = false } = figures;
  const hasRows = !loading && rows.length > 0;
  const virtual = hasRows && rows.length > VIRTUALISE_AFTER && !printing && !cards;
  const roles = cardRoles(columns);
  const rowWindow = useRowWindow(rows.length, ROW_HEIGHT, scrollRef, virtual);

  const summaryRow = (summary: SummaryLine, className: string, rowIndex?: number) => (
    <tr className={className} aria-rowindex={rowIndex}>
      {columns.map((column, index) =>
        index === 0 && !(column.key in summary.values) ? (
          <th key={column.key} scope="row">
            {summary.label}
          </th>
        ) : (
          <td key={column.key} {...cellAttributes(column, roles)}>
            {displayValue(column, summary.values[column.key] ?? null)}
          </td>
        ),
      )}
    </tr>
  );

  const dataRow = (row: Row, rowIndex: number) => (
    <tr key={rowKey(row)} aria-rowindex={virtual ? rowIndex : undefined}>
      {columns.map((column) => (
        <td key={column.key} {...cellAttributes(column, roles)}>
          {cellOf(column, row)}
        </td>
      ))}
    </tr>
  );

  // Rows before the data: the header row, then the opening line if any (for aria-rowindex).
  const before = 1 + (opening ? 1 : 0);
  // The last row: the totals or "more arriving" line if there is one, else the last data row.
  const lastIndex = before + rows.length + (totals || morePending ? 1 : 0);
  let body: ReactNode;
  if (!hasRows) {
    body = <StateRow span={columns.length} loading={loading} emptyText={emptyText} />;
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

  return (
    <TableFrame
      caption={caption}
      loading={loading}
      scrollRef={scrollRef}
      scrollClass={`ofs-table__scroll ofs-table__scroll--figures${virtual ? ' ofs-table__scroll--windowed' : ''}`}
      tableClass={`${TABLE_CLASS} ofs-table--figures${virtual ? ' ofs-table--windowed' : ''}`}
      rowCount={virtual ? lastIndex : undefined}
    >
      <thead>
        <HeaderRow columns={columns} rowIndex={virtual ? 1 : undefined} />
        {/* In the head, to stay in view above a scrolled window; shown with no entries too. */}
        {!loading && opening && summaryRow(opening, 'ofs-table__opening', virtual ? 2 : undefined)}
      </thead>
      <tbody>{body}</tbody>
      {hasRows && (totals || morePending) && (
        <tfoot>
          {morePending ? (
            <tr aria-rowindex={virtual ? lastIndex : undefined}>
              <td colSpan={columns.length} className="ofs-table__state" role="status">
                {messages.tableLoadingMore(rows.length)}
              </td>
            </tr>
          ) : (
            totals && summaryRow(totals, 'ofs-table__totals', virtual ? lastIndex : undefined)
          )}
        </tfoot>
      )}
    </TableFrame>
  );
}
