import type { ExpenseVsTypeRow } from 'contract';
import { call, endpoints, fillWithCurrentMonth } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { ExpenseShareChart } from '../Charts';
import type { ReportColumn } from '../ReportTable';
import { TableReport, dateFilters } from '../TableReport';
import { EMPTY_RANGE, describePeriod } from '../periods';

const columns: Array<ReportColumn<ExpenseVsTypeRow>> = [
  { key: 'type', header: 'Expense Type', value: (row) => row.expenseType },
  {
    key: 'expense',
    header: 'Total Expense',
    kind: 'money',
    value: (row) => row.totalExpense,
    total: 'sum',
  },
];
// Spec §9: empty dates mean the current month.
const load = (range: DateRange) => {
  const { from, to } = fillWithCurrentMonth(range);
  return call(endpoints.getExpenseVsType, { query: { startDate: from, endDate: to } });
};
const describe = (range: DateRange) => describePeriod(fillWithCurrentMonth(range));
const chart = (rows: ExpenseVsTypeRow[], range: DateRange) => (
  <ExpenseShareChart rows={rows} period={describe(range)} />
);

/** Expense Vs Type: what each expense type cost in a period, with its share as a doughnut. */
export function ExpenseVsTypeReportPage() {
  return (
    <TableReport
      title="Expense Vs Type"
      columns={columns}
      rowKey={(row) => row.expanceTypeId}
      initialParams={EMPTY_RANGE}
      load={load}
      // Spec §8: failures of this report are logged, not shown.
      onFailure={{ log: 'Could not load the expense-vs-type report' }}
      csvFileName="expense-vs-type.csv"
      filters={dateFilters}
      describe={describe}
      chart={chart}
    />
  );
}
