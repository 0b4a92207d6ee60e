import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ReportLayout } from '../ReportLayout';
import { FiguresTable } from '../FiguresTable';
import type { ReportColumn } from '../FiguresTable';
import { useReportData } from '../../helpers/useReportData';
import type { AddressParams } from '../links';
import type { FailurePolicy } from '../../helpers/useReportData';

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
  load: (params: Params) => Promise<Row[]>;
  onFailure: FailurePolicy;
  csvFileName: string;
  emptyText?: string;
  /** Dates, a year picker...; absent on reports without filters. */
  filters?: (controls: FilterControls<Params>) => ReactNode;
  /** The period of loaded figures in words, for the title block and printouts. */
  describe?: (params: Params) => string;
  /** A chart of the loaded rows, shown above the table. */
  chart?: (rows: Row[], params: Params) => ReactNode;
}

/** A report that is one table: loads on open, reloads on Filter, exports, prints. */
export function FilteredReport<Row, Params>({
  title,
  columns,
  rowKey,
  initialParams,
  load,
  onFailure,
  csvFileName,
  emptyText,
  filters,
  describe,
  chart,
  address,
}: FilteredReportProps<Row, Params>) {
  const [initial] = useState(() => address?.read() ?? initialParams);
  const [params, setParams] = useState(initial);
  const { data, loading, run } = useReportData<{ rows: Row[]; params: Params }>(onFailure);

  const write = address?.write;
  const fetchFor = useCallback(
    (wanted: Params) => {
      write?.(wanted);
      return run(async () => ({ rows: await load(wanted), params: wanted }));
    },
    [run, load, write],
  );
  useEffect(() => {
    void fetchFor(initial);
  }, [fetchFor, initial]);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const controls: FilterControls<Params> = {
    params,
    setParams,
    apply: (wanted = params) => void fetchFor(wanted),
    busy: loading,
  };

  return (
    <ReportLayout
      title={title}
      period={data && describe ? describe(data.params) : undefined}
      filters={filters?.(controls)}
    >
      {chart && data && rows.length > 0 && chart(rows, data.params)}
      <FiguresTable
        caption={title}
        columns={typeof columns === 'function' ? columns(data?.params ?? params) : columns}
        rows={rows}
        rowKey={rowKey}
        loading={loading}
        emptyText={emptyText}
        csvFileName={csvFileName}
      />
    </ReportLayout>
  );
}
