import type { IncomeReportRow } from 'contract';
import { AppLink, endpoints, href } from 'shared-ui';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

const columns: Array<ReportColumn<IncomeReportRow>> = [
  {
    key: 'date',
    header: 'Date',
    value: (row) => row.date,
    // The day's payments received: its Credit income in the journal.
    render: (row) => (
      <AppLink
        to={href('journal', {
          from: row.date,
          to: row.date,
          kind: 'income',
          Creditdebit: 'Credit',
        })}
      >
        {row.date}
      </AppLink>
    ),
  },
  {
    key: 'income',
    header: 'Total Income',
    kind: 'money',
    value: (row) => row.totalIncome,
    total: 'sum',
  },
];
const source = reportSource(endpoints.getIncomeReport, () => undefined);

/** Income Report: money received per day (Credit income entries, docs/architecture.md#domain-rules). */
export function IncomeReportPage() {
  return (
    <FilteredReport
      title="Income Report"
      columns={columns}
      rowKey={(row) => row.date}
      initialParams={undefined}
      source={source}
      // docs/product.md#messages: failures of this report are logged, not shown.
      onFailure="log"
      csvFileName="income-report.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.incomeReportExcel}
          input={source.input(params) as object}
        />
      )}
    />
  );
}
