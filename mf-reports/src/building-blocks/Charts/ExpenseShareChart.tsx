import { lazy } from 'react';
import type { ExpenseVsTypeRow } from 'contract/browser';
import { ChartFrame } from './ChartFrame';
import { shareSummary } from './chart-summary';
import type { ShareSeries } from './ExpenseShareCanvas';

const ExpenseShareCanvas = lazy(
  () => import(/* webpackChunkName: "chart-expense-share" */ './ExpenseShareCanvas'),
);

export interface ExpenseShareChartProps {
  rows: ExpenseVsTypeRow[];
  period: string;
}

/** Each expense type's share of the period's expense, as a doughnut. */
export function ExpenseShareChart({ rows, period }: ExpenseShareChartProps) {
  const data: ShareSeries = {
    labels: rows.map((row) => row.expenseType),
    // The drawing takes plain numbers (a total past what a double holds arrives as exact text).
    values: rows.map((row) => Number(row.totalExpense)),
  };
  const label = shareSummary(
    period,
    rows.map((row) => ({ label: row.expenseType, value: row.totalExpense })),
  );
  return (
    <ChartFrame
      caption="Share by expense type"
      label={label}
      data={data}
      Canvas={ExpenseShareCanvas}
    />
  );
}
