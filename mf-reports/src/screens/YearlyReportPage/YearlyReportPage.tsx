import { MONTH_NAMES, type EntryKind, type YearlyRow } from 'contract/browser';
import {
  AppLink,
  Select,
  addressQuery,
  endpoints,
  formatMoney,
  href,
  replaceAddressQuery,
} from 'shared-ui';
import { YearlyChart } from '../../building-blocks/Charts';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import type { FilterControls } from '../../building-blocks/FilteredReport';
import { monthRange } from '../../building-blocks/links';
import type { AddressParams } from '../../building-blocks/links';
import { CompareSelect, changeColumns, comparedOf } from '../../building-blocks/Compare';
import type { Compared } from '../../building-blocks/Compare';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

/** A row of the table: the server's month figures and the year they belong to. */
export interface YearMonth extends YearlyRow {
  year: number;
}

/** docs/product.md#constants: the current year and the four before, newest first. */
export function yearOptions(today: Date = new Date()): number[] {
  return Array.from({ length: 5 }, (_, back) => today.getFullYear() - back);
}

/** All twelve months in order, zeros where the server sent none. */
export function twelveMonths(rows: YearlyRow[], year: number): YearMonth[] {
  return MONTH_NAMES.map((_, index) => {
    const found = rows.find((row) => row.month === index + 1);
    return { year, month: index + 1, income: 0, salary: 0, expense: 0, pending: 0, ...found };
  });
}

/** The journal of a month's Credit entries, of one kind or of all. */
const monthLink = (row: YearMonth, kind?: EntryKind) => {
  const { from, to } = monthRange(row.year, row.month);
  return href('journal', { from, to, kind, Creditdebit: 'Credit' });
};

/** A money column whose figures open the journal of that month and kind. */
const moneyColumn = (key: EntryKind, header: string): ReportColumn<YearMonth> => ({
  key,
  header,
  kind: 'money',
  value: (row) => row[key],
  render: (row) => <AppLink to={monthLink(row, key)}>{formatMoney(row[key])}</AppLink>,
  total: 'sum',
});

/** A year, and what its months are compared with. */
export interface YearParams {
  year: number;
  compare?: Compared;
}

/** The journal of the compared month's Credit entries of one kind (or of all). */
const otherMonthLink = (row: YearMonth, kind?: EntryKind) =>
  row.compare
    ? href('journal', { from: row.compare.from, to: row.compare.to, kind, Creditdebit: 'Credit' })
    : undefined;

const FIGURES = [
  { key: 'income', name: 'Income' },
  { key: 'salary', name: 'Salary' },
  { key: 'expense', name: 'Expense' },
  { key: 'pending', name: 'Profit/Loss' },
] as const;

// With a comparison, each figure gets the other month's figure, the change and the percent.
const columns = ({ compare }: YearParams): Array<ReportColumn<YearMonth>> => [
  ...monthColumns,
  ...(compare
    ? FIGURES.flatMap((figure) =>
        changeColumns<YearMonth>(
          compare,
          (row) => row.compare?.[figure.key],
          (row) => otherMonthLink(row, figure.key === 'pending' ? undefined : figure.key),
          figure,
        ),
      )
    : []),
];

const monthColumns: Array<ReportColumn<YearMonth>> = [
  {
    key: 'month',
    header: 'Month',
    // The CSV carries the ISO month (2026-01); the screen shows its name.
    value: (row) => `${row.year}-${String(row.month).padStart(2, '0')}`,
    render: (row) => <AppLink to={monthLink(row)}>{MONTH_NAMES[row.month - 1]}</AppLink>,
  },
  moneyColumn('income', 'Income'),
  moneyColumn('salary', 'Salary'),
  moneyColumn('expense', 'Expense'),
  // pending = income − salary − expense (docs/architecture.md#domain-rules), shown as Profit/Loss.
  {
    key: 'pending',
    header: 'Profit/Loss',
    kind: 'money',
    value: (row) => row.pending,
    total: 'sum',
  },
];

const source = reportSource(
  endpoints.getYearly,
  ({ year, compare }: YearParams) => ({ query: compare ? { year, compare } : { year } }),
  (answer, { year }) => twelveMonths(answer, year),
);

function yearPicker({ params, setParams, apply }: FilterControls<YearParams>) {
  const choose = (wanted: YearParams) => {
    setParams(wanted);
    apply(wanted);
  };
  return (
    <div className="ofs-toolbar">
      <Select
        label="Year"
        name="year"
        value={String(params.year)}
        onChange={(value) => choose({ ...params, year: Number(value) })}
        options={yearOptions().map((year) => ({ value: String(year), label: String(year) }))}
      />
      <CompareSelect
        value={params.compare}
        onChange={(compare) => choose({ ...params, compare })}
      />
    </div>
  );
}

const yearAddress: AddressParams<YearParams> = {
  read: () => {
    const query = addressQuery('yearlyReport');
    const compare = comparedOf(query.compare);
    if (query.year === undefined && !compare) return undefined;
    return { year: query.year ?? new Date().getFullYear(), compare };
  },
  write: ({ year, compare }) => replaceAddressQuery('yearlyReport', { year, compare }),
};

const chart = (rows: YearMonth[], { year }: YearParams) => <YearlyChart rows={rows} year={year} />;

/** Yearly Report: income, salary, expense and profit or loss for each month of a year. */
export function YearlyReportPage() {
  return (
    <FilteredReport
      title="Yearly Report"
      columns={columns}
      rowKey={(row) => row.month}
      initialParams={{ year: new Date().getFullYear() }}
      source={source}
      onFailure="alert"
      csvFileName="yearly-report.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.yearlyExcel}
          pdf={endpoints.yearlyPdf}
          input={source.input(params) as object}
        />
      )}
      filters={yearPicker}
      address={yearAddress}
      describe={({ year }) => `Year ${year}`}
      chart={chart}
    />
  );
}
