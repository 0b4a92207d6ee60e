// The yearly chart's drawing, in its own lazily loaded chunk with the parts of chart.js it uses.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { CanvasProps } from './ChartFrame';
import { SERIES, tokenColour, reducedMotion } from './chart-theme';

ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export interface YearlySeries {
  months: string[];
  income: number[];
  salary: number[];
  expense: number[];
  profit: number[];
}

export default function YearlyCanvas({ data, label }: CanvasProps<YearlySeries>) {
  const text = tokenColour('--ofs-color-text', '#1f2933');
  const grid = tokenColour('--ofs-color-border', '#d0d7de');
  return (
    <Chart
      type="bar"
      role="img"
      aria-label={label}
      data={{
        labels: data.months,
        datasets: [
          { type: 'bar', label: 'Income', data: data.income, backgroundColor: SERIES.income },
          { type: 'bar', label: 'Salary', data: data.salary, backgroundColor: SERIES.salary },
          { type: 'bar', label: 'Expense', data: data.expense, backgroundColor: SERIES.expense },
          {
            type: 'line',
            label: 'Profit/Loss',
            data: data.profit,
            borderColor: SERIES.profit,
            backgroundColor: SERIES.profit,
          },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : undefined,
        color: text,
        scales: {
          x: { ticks: { color: text }, grid: { color: grid } },
          y: { ticks: { color: text }, grid: { color: grid } },
        },
      }}
    >
      {label}
    </Chart>
  );
}
