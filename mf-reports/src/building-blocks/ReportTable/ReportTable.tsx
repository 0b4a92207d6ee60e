import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Button, Table, messages, plainMoney, preloadFiguresTable, sumMoney } from 'shared-ui';
import type { CellValue, SummaryLine, TableColumn, TableProps } from 'shared-ui';
import { downloadCsv, toCsv } from '../../helpers/csv';
import type { CsvCell } from '../../helpers/csv';
import './ReportTable.css';

// Every screen of this app shows a figures table: its code loads beside the screen's data.
void preloadFiguresTable();

/** A report's column: the shared table's, with the raw value the CSV carries and its total. */
export type ReportColumn<Row> = TableColumn<Row> & {
  value: (row: Row) => CellValue;
  /** The totals row's cell: the column's sum, or a figure worked out from all rows. */
  total?: 'sum' | ((rows: Row[]) => CellValue);
};

/** The totals line of the rows: each column's `total`, labelled in the first column. */
export function reportTotals<Row>(
  columns: Array<ReportColumn<Row>>,
  rows: Row[],
  label: string,
): SummaryLine {
  const values: Record<string, CellValue> = {};
  for (const column of columns) {
    if (column.total === 'sum') values[column.key] = sumMoney(rows.map(column.value));
    else if (column.total) values[column.key] = column.total(rows);
  }
  return { label, values };
}

export interface ReportTableProps<Row> extends Omit<TableProps<Row>, 'columns' | 'figures'> {
  columns: Array<ReportColumn<Row>>;
  /** First label of the totals row. */
  totalsLabel?: string;
  /** A line before the rows, such as a ledger's opening balance. */
  opening?: SummaryLine;
  /** Name of the exported file, e.g. `clients-vs-sales.csv`. */
  csvFileName: string;
  /** The rows are the first part of a longer answer: Export CSV waits for the whole. */
  morePending?: boolean;
  /** Buttons beside Export CSV: the server's Excel and PDF of the same figures. */
  actions?: ReactNode;
}

function exported<Row>(column: ReportColumn<Row>, value: CellValue): CsvCell {
  if (column.kind === 'money' && value !== null && value !== '') return plainMoney(value);
  return value;
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
 * Every report and ledger: shared-ui's Table in its figures role (opening line, totals row,
 * windowing of long ledgers, print) with the totals worked out here from the columns' `total`,
 * and Export CSV and the server's downloads above it.
 */
export function ReportTable<Row>({
  columns,
  rows,
  totalsLabel = messages.tableTotal,
  opening,
  csvFileName,
  morePending = false,
  actions,
  ...table
}: ReportTableProps<Row>) {
  const hasRows = !table.loading && rows.length > 0;
  const totals = useMemo(
    () => reportTotals(columns, rows, totalsLabel),
    [columns, rows, totalsLabel],
  );
  const figures = useMemo(() => ({ totals, opening, morePending }), [totals, opening, morePending]);
  const onExport = () =>
    downloadCsv(csvFileName, reportCsv(columns, rows, totals, hasRows ? opening : undefined));

  return (
    <div className="reports-table">
      <div className="reports-table__actions ofs-no-print">
        <Button variant="secondary" onClick={onExport} disabled={!hasRows || morePending}>
          {messages.exportCsv}
        </Button>
        {actions}
      </div>
      <Table {...table} columns={columns} rows={rows} figures={figures} />
    </div>
  );
}
