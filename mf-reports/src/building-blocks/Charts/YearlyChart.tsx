import { lazy } from 'react';
import { SHORT_MONTH_NAMES, type YearlyRow } from 'contract/browser';
import { ChartFrame } from './ChartFrame';
import { yearlySummary } from './chart-summary';
import type { YearlySeries } from './YearlyCanvas';

const YearlyCanvas = lazy(() => import(/* webpackChunkName: "chart-yearly" */ './YearlyCanvas'));

export interface YearlyChartProps {
  rows: YearlyRow[];
  year: number;
}

/** Income, salary and expense bars per month with a profit/loss line. */
export function YearlyChart({ rows, year }: YearlyChartProps) {
  const data: YearlySeries = {
    months: rows.map((row) => SHORT_MONTH_NAMES[row.month - 1] ?? String(row.month)),
    // The drawing takes plain numbers (a total past what a double holds arrives as exact text).
    income: rows.map((row) => Number(row.income)),
    salary: rows.map((row) => Number(row.salary)),
    expense: rows.map((row) => Number(row.expense)),
    profit: rows.map((row) => Number(row.pending)),
  };
  const label = yearlySummary(
    year,
    rows.map((row, index) => ({
      month: data.months[index] ?? '',
      income: row.income,
      salary: row.salary,
      expense: row.expense,
      profit: row.pending,
    })),
  );
  return (
    <ChartFrame
      caption={`Month by month, ${year}`}
      label={label}
      data={data}
      Canvas={YearlyCanvas}
    />
  );
}
