import { useState } from 'react';
import type { ReactNode } from 'react';
import { useAppliedFilters, type ReadFailure } from 'shared-ui';
import { ReportLayout } from '../ReportLayout';
import { ReportTable } from '../ReportTable';
import type { ReportColumn } from '../ReportTable';
import { useReportRows, type ReportSource } from '../../helpers/report-source';
import type { AddressParams } from '../links';

export interface FilterControls<Params> {
  params: Params;
  setParams: (params: Params) => void;
  /** Loads the report for these parameters (the ones on screen when omitted). */
  apply: (params?: Params) => void;
  busy: boolean;
}

export interface FilteredReportProps<Row, Params> {
  title: string;
  /** The columns; a function gets the parameters of the loaded rows (for drill-down links). */
  columns: Array<ReportColumn<Row>> | ((params: Params) => Array<ReportColumn<Row>>);
  /** Read the parameters from the address on opening, and keep them there. */
  address?: AddressParams<Params>;
  rowKey: (row: Row) => string | number;
  /** What the screen starts with; the report loads for these at once. */
  initialParams: Params;
  /** The endpoint the rows come from (`reportSource`). */
  source: ReportSource<Params, Row>;
  /** A failure alerts the call's text (the server's message where it sent one), or only logs. */
  onFailure: ReadFailure;
  csvFileName: string;
  emptyText?: string;
  /** Dates, a year picker...; absent on reports without filters. */
  filters?: (controls: FilterControls<Params>) => ReactNode;
  /** The period of loaded figures in words, for the title block and printouts. */
  describe?: (params: Params) => string;
  /** A chart of the loaded rows, shown above the table. */
  chart?: (rows: Row[], params: Params) => ReactNode;
  /** Download Excel (and PDF) of the figures loaded for these parameters. */
  downloads?: (params: Params) => ReactNode;
}

const NO_ROWS: never[] = [];

/** A report that is one table: loads on open, reloads on Filter, exports, prints. */
export function FilteredReport<Row, Params>({
  title,
  columns,
  rowKey,
  initialParams,
  source,
  onFailure,
  csvFileName,
  emptyText,
  filters,
  describe,
  chart,
  address,
  downloads,
}: FilteredReportProps<Row, Params>) {
  const [initial] = useState(() => address?.read() ?? initialParams);
  // The parameters in the controls, and the ones the rows on screen were asked for.
  const [params, setParams] = useState(initial);
  const { applied, apply } = useAppliedFilters(initial);
  const { rows = NO_ROWS as Row[], loading, refetch } = useReportRows(source, applied, onFailure);

  const controls: FilterControls<Params> = {
    params,
    setParams,
    apply: (wanted = params) => {
      address?.write(wanted);
      apply(wanted, refetch);
    },
    busy: loading,
  };

  return (
    <ReportLayout
      title={title}
      period={describe ? describe(applied) : undefined}
      filters={filters?.(controls)}
    >
      {chart && rows.length > 0 && chart(rows, applied)}
      <ReportTable
        caption={title}
        columns={typeof columns === 'function' ? columns(applied) : columns}
        rows={rows}
        rowKey={rowKey}
        loading={loading}
        emptyText={emptyText}
        csvFileName={csvFileName}
        actions={downloads?.(applied)}
      />
    </ReportLayout>
  );
}
