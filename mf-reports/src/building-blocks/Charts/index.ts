// Only these light wrappers are imported eagerly; chart.js comes with the canvas chunks.
export { YearlyChart } from './YearlyChart';
export type { YearlyChartProps } from './YearlyChart';
export { ExpenseShareChart } from './ExpenseShareChart';
export type { ExpenseShareChartProps } from './ExpenseShareChart';
