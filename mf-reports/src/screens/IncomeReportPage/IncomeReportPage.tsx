import type { IncomeReportRow } from 'contract/browser';
import { AppLink, endpoints, href } from 'shared-ui';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import { changeColumns, comparedAddress, comparedDateFilters } from '../../building-blocks/Compare';
import type { ComparedRange } from '../../building-blocks/Compare';
import { EMPTY_RANGE } from '../../helpers/periods';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// The day's payments received: its Credit income in the journal.
const dayJournal = (date: string) =>
  href('journal', { from: date, to: date, kind: 'income', Creditdebit: 'Credit' });

// With a comparison, the other period's figure opens the journal of its day.
const columns = ({ compare }: ComparedRange): Array<ReportColumn<IncomeReportRow>> => [
  ...dayColumns,
  ...(compare
    ? changeColumns<IncomeReportRow>(
        compare,
        (row) => row.compare?.totalIncome,
        (row) => (row.compare ? dayJournal(row.compare.date) : undefined),
      )
    : []),
];

const dayColumns: Array<ReportColumn<IncomeReportRow>> = [
  {
    key: 'date',
    header: 'Date',
    value: (row) => row.date,
    render: (row) => <AppLink to={dayJournal(row.date)}>{row.date}</AppLink>,
  },
  {
    key: 'income',
    header: 'Total Income',
    kind: 'money',
    value: (row) => row.totalIncome,
    total: 'sum',
  },
];
// Without dates or a comparison the call goes as the spec has it: every day.
const source = reportSource(endpoints.getIncomeReport, ({ from, to, compare }: ComparedRange) =>
  !from && !to && !compare
    ? undefined
    : {
        query: {
          ...(from ? { startDate: from } : {}),
          ...(to ? { endDate: to } : {}),
          ...(compare ? { compare } : {}),
        },
      },
);

/** Income Report: money received per day (Credit income entries, docs/architecture.md#domain-rules). */
export function IncomeReportPage() {
  return (
    <FilteredReport
      title="Income Report"
      columns={columns}
      rowKey={(row) => row.date}
      initialParams={EMPTY_RANGE}
      source={source}
      // docs/product.md#messages: failures of this report are logged, not shown.
      onFailure="log"
      csvFileName="income-report.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.incomeReportExcel}
          pdf={endpoints.incomeReportPdf}
          input={source.input(params) as object}
        />
      )}
      filters={comparedDateFilters}
      address={comparedAddress('incomeReport')}
    />
  );
}
