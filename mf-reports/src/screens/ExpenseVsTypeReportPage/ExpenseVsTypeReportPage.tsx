import type { ExpenseVsTypeRow } from 'contract';
import { AppLink, endpoints, fillWithCurrentMonth, href } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { ExpenseShareChart } from '../../building-blocks/Charts';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport, dateFilters } from '../../building-blocks/FilteredReport';
import { dateAddress } from '../../building-blocks/links';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// Each type opens the journal of its expenses over the same dates.
const columns = (range: DateRange): Array<ReportColumn<ExpenseVsTypeRow>> => [
  {
    key: 'type',
    header: 'Expense Type',
    value: (row) => row.expenseType,
    render: (row) => (
      <AppLink
        to={href('journal', {
          ...fillWithCurrentMonth(range),
          kind: 'expense',
          partyId: row.expanceTypeId,
        })}
      >
        {row.expenseType}
      </AppLink>
    ),
  },
  {
    key: 'expense',
    header: 'Total Expense',
    kind: 'money',
    value: (row) => row.totalExpense,
    total: 'sum',
  },
];
// docs/product.md#constants: empty dates mean the current month.
const source = reportSource(endpoints.getExpenseVsType, (range: DateRange) => {
  const { from, to } = fillWithCurrentMonth(range);
  return { query: { startDate: from, endDate: to } };
});
const describe = (range: DateRange) => describePeriod(fillWithCurrentMonth(range));
const chart = (rows: ExpenseVsTypeRow[], range: DateRange) => (
  <ExpenseShareChart rows={rows} period={describe(range)} />
);

/** Expense Vs Type: what each expense type cost in a period, with its share as a doughnut. */
export function ExpenseVsTypeReportPage() {
  return (
    <FilteredReport
      title="Expense Vs Type"
      columns={columns}
      rowKey={(row) => row.expanceTypeId}
      initialParams={EMPTY_RANGE}
      source={source}
      // docs/product.md#messages: failures of this report are logged, not shown.
      onFailure="log"
      csvFileName="expense-vs-type.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.expenseVsTypeExcel}
          input={source.input(params) as object}
        />
      )}
      filters={dateFilters}
      address={dateAddress('expenseVsTypeReport')}
      describe={describe}
      chart={chart}
    />
  );
}
