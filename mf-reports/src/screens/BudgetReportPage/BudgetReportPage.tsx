import {
  AppLink,
  Button,
  Field,
  Select,
  addressQuery,
  href,
  replaceAddressQuery,
  sumMoney,
  toCents,
} from 'shared-ui';
import type { CellValue } from 'shared-ui';
import type { BudgetReportRow as BudgetRow } from 'contract/browser';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import type { FilterControls } from '../../building-blocks/FilteredReport';
import type { AddressParams } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { reportSource } from '../../helpers/report-source';
import { budgetCalls } from '../../helpers/month-end-calls';
import { daysOf, monthName, monthOf } from '../../helpers/months';
import './BudgetReportPage.css';

/** A month, or the year to date of a year. */
export interface BudgetParams {
  period: 'month' | 'year';
  month: string;
  year: number;
}

const cents = (value: CellValue) => Number(toCents(value ?? 0) ?? 0n);

/** Percent used of the totals, 2 decimals as the server gives each row's: blank without a budget. */
const percentOf = (actual: CellValue, budget: CellValue): CellValue => {
  const planned = cents(budget);
  return planned === 0 ? null : (Math.round((cents(actual) / planned) * 10000) / 100).toFixed(2);
};

const journalRange = (params: BudgetParams) =>
  params.period === 'month'
    ? daysOf(params.month)
    : { from: `${params.year}-01-01`, to: daysOf(monthOf()).to };

const columns = (params: BudgetParams): Array<ReportColumn<BudgetRow>> => [
  {
    key: 'type',
    header: 'Expense Type',
    value: (row) => row.expenseType,
    render: (row) => (
      <>
        <AppLink
          to={href('journal', {
            ...journalRange(params),
            kind: 'expense',
            partyId: row.expenseTypeId,
          })}
        >
          {row.expenseType}
        </AppLink>
        {row.overBudget && <strong className="reports-over-budget"> Over budget</strong>}
      </>
    ),
  },
  { key: 'budget', header: 'Budget', kind: 'money', value: (row) => row.budget, total: 'sum' },
  { key: 'actual', header: 'Actual', kind: 'money', value: (row) => row.actual, total: 'sum' },
  {
    key: 'difference',
    header: 'Difference',
    kind: 'money',
    value: (row) => row.difference,
    total: 'sum',
  },
  {
    key: 'percentUsed',
    header: 'Percent Used',
    kind: 'count',
    value: (row) => (row.percentUsed === null ? null : row.percentUsed.toFixed(2)),
    render: (row) => (row.percentUsed === null ? '' : `${row.percentUsed.toFixed(2)}%`),
    total: (rows) =>
      percentOf(sumMoney(rows.map((row) => row.actual)), sumMoney(rows.map((row) => row.budget))),
  },
];

const source = reportSource(
  budgetCalls.report,
  (params: BudgetParams) =>
    params.period === 'month'
      ? { query: { month: params.month } }
      : { query: { year: params.year } },
  (answer) => answer.rows,
);

const initial = (): BudgetParams => {
  const month = monthOf();
  return { period: 'month', month, year: Number(month.slice(0, 4)) };
};

const budgetAddress: AddressParams<BudgetParams> = {
  read: () => {
    const query = addressQuery('budgetReport');
    if (query.month)
      return { period: 'month', month: query.month, year: Number(query.month.slice(0, 4)) };
    if (query.year) return { period: 'year', month: monthOf(), year: query.year };
    return undefined;
  },
  write: (params) =>
    replaceAddressQuery(
      'budgetReport',
      params.period === 'month' ? { month: params.month } : { year: params.year },
    ),
};

function periodPicker({ params, setParams, apply, busy }: FilterControls<BudgetParams>) {
  const thisYear = new Date().getFullYear();
  return (
    <form
      className="ofs-toolbar"
      aria-label="Report filters"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Select
        label="Period"
        name="period"
        value={params.period}
        onChange={(period) => setParams({ ...params, period: period as BudgetParams['period'] })}
        options={[
          { value: 'month', label: 'Month' },
          { value: 'year', label: 'Year to date' },
        ]}
      />
      {params.period === 'month' ? (
        <Field label="Month">
          {(id) => (
            <input
              id={id}
              name="month"
              type="month"
              className="ofs-input"
              value={params.month}
              onChange={(event) => setParams({ ...params, month: event.target.value })}
            />
          )}
        </Field>
      ) : (
        <Select
          label="Year"
          name="year"
          value={String(params.year)}
          onChange={(year) => setParams({ ...params, year: Number(year) })}
          options={Array.from({ length: 5 }, (_, back) => String(thisYear - back)).map((year) => ({
            value: year,
            label: year,
          }))}
        />
      )}
      <Button type="submit" disabled={busy}>
        Filter
      </Button>
    </form>
  );
}

const describe = (params: BudgetParams) =>
  params.period === 'month' ? monthName(params.month) : `${params.year}, year to date`;

/** Budget vs actual: each expense type's budget, what was spent, the difference and the share used. */
export function BudgetReportPage() {
  return (
    <FilteredReport
      title="Budget vs actual"
      columns={columns}
      rowKey={(row) => row.expenseTypeId}
      initialParams={initial()}
      source={source}
      onFailure="alert"
      csvFileName="budget-vs-actual.csv"
      emptyText="No budgets set"
      downloads={(params) => (
        <DownloadButtons
          excel={budgetCalls.excel}
          pdf={budgetCalls.pdf}
          input={source.input(params) as object}
        />
      )}
      filters={periodPicker}
      address={budgetAddress}
      describe={describe}
    />
  );
}
