import type { ExpenseVsTypeRow } from 'contract/browser';
import { AppLink, currentMonthRange, endpoints, fillWithCurrentMonth, href } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { ExpenseShareChart } from '../../building-blocks/Charts';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import { changeColumns, comparedAddress, comparedDateFilters } from '../../building-blocks/Compare';
import type { ComparedRange } from '../../building-blocks/Compare';
import type { AddressParams } from '../../building-blocks/links';
import { describePeriod } from '../../helpers/periods';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

/** The journal of a type's expenses over some dates. */
const typeJournal = (row: ExpenseVsTypeRow, dates: DateRange) =>
  href('journal', { from: dates.from, to: dates.to, kind: 'expense', partyId: row.expanceTypeId });

// Each type opens the journal of its expenses over the same dates; with a comparison, the other
// period's figure opens the journal of that period.
const columns = (range: ComparedRange): Array<ReportColumn<ExpenseVsTypeRow>> => [
  ...spendColumns(range),
  ...(range.compare
    ? changeColumns<ExpenseVsTypeRow>(
        range.compare,
        (row) => row.compare?.totalExpense,
        (row) => (row.compare ? typeJournal(row, row.compare) : undefined),
      )
    : []),
];

const spendColumns = (range: DateRange): Array<ReportColumn<ExpenseVsTypeRow>> => [
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
const source = reportSource(endpoints.getExpenseVsType, (range: ComparedRange) => {
  const { from, to } = fillWithCurrentMonth(range);
  const compare = range.compare;
  return {
    query: compare ? { startDate: from, endDate: to, compare } : { startDate: from, endDate: to },
  };
});
const describe = (range: DateRange) => describePeriod(fillWithCurrentMonth(range));
const chart = (rows: ExpenseVsTypeRow[], range: DateRange) => (
  <ExpenseShareChart rows={rows} period={describe(range)} />
);

/** The address's dates and comparison, with the month that empty dates stand for in the inputs. */
const address: AddressParams<ComparedRange> = {
  ...comparedAddress('expenseVsTypeReport'),
  read: () => {
    const read = comparedAddress('expenseVsTypeReport').read();
    return read && { ...read, ...fillWithCurrentMonth(read) };
  },
};

/** Expense Vs Type: what each expense type cost in a period, with its share as a doughnut. */
export function ExpenseVsTypeReportPage() {
  return (
    <FilteredReport
      title="Expense Vs Type"
      columns={columns}
      rowKey={(row) => row.expanceTypeId}
      // The dates it applies are in the inputs: this month's unless the address says otherwise.
      initialParams={currentMonthRange()}
      source={source}
      // docs/product.md#messages: failures of this report are logged, not shown.
      onFailure="log"
      csvFileName="expense-vs-type.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.expenseVsTypeExcel}
          pdf={endpoints.expenseVsTypePdf}
          input={source.input(params) as object}
        />
      )}
      filters={comparedDateFilters}
      address={address}
      describe={describe}
      chart={chart}
    />
  );
}
