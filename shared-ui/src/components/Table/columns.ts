import type { ReactNode } from 'react';
import { formatMoney, sumMoney } from '../../money/money';

export type CellValue = string | number | null;

export interface TableColumn<Row> {
  key: string;
  header: string;
  /** The raw figure or text: what a CSV carries and what a `sum` total adds up. */
  value?: (row: Row) => CellValue;
  /** What the screen shows, where it differs from the raw value (a link, a month name, buttons). */
  render?: (row: Row) => ReactNode;
  /** `money` and `count` right-align; a `money` value shows as `1,234.50`. */
  kind?: 'text' | 'money' | 'count';
  /** The totals row's cell (figures mode): the column's sum, or a figure worked out from all rows. */
  total?: 'sum' | ((rows: Row[]) => CellValue);
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

/** The totals line of the rows: each column's `total`, labelled in the first column. */
export function tableTotals<Row>(
  columns: Array<TableColumn<Row>>,
  rows: Row[],
  label: string,
): SummaryLine {
  const values: Record<string, CellValue> = {};
  for (const column of columns) {
    if (column.total === 'sum') {
      const value = column.value;
      values[column.key] = sumMoney(value ? rows.map(value) : []);
    } else if (column.total) values[column.key] = column.total(rows);
  }
  return { label, values };
}

export const numericClass = <Row>(column: TableColumn<Row>) =>
  column.kind === 'money' || column.kind === 'count' ? 'ofs-table__num' : undefined;
