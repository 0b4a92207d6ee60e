import type { ReactNode } from 'react';
import { messages } from 'contract';
import './DataTable.css';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Right-aligns numbers and money. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  columns: Array<DataTableColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Accessible name of the table. */
  caption: string;
  loading?: boolean;
  /** Empty-state text; the spec uses both "No records found" and "No Records Found". */
  emptyText?: string;
}

/** A plain, scrollable table with the spec's "Loading..." and empty states. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  loading = false,
  emptyText = messages.noRecordsFound,
}: DataTableProps<Row>) {
  let body: ReactNode;
  if (loading) {
    body = (
      <tr>
        <td colSpan={columns.length} className="ofs-table__state" role="status">
          {messages.loading}
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length} className="ofs-table__state">
          {emptyText}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)}>
        {columns.map((column) => (
          <td key={column.key} className={column.numeric ? 'ofs-table__num' : undefined}>
            {column.render(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    // Focusable and named, so keyboard users can scroll a table wider than a phone screen.
    <div className="ofs-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="ofs-table" aria-busy={loading || undefined}>
        <caption className="ofs-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'ofs-table__num' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
