// The expense-share doughnut's drawing, in its own lazily loaded chunk.
import { ArcElement, Chart as ChartJS, DoughnutController, Legend, Tooltip } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { CanvasProps } from './ChartFrame';
import { PALETTE, tokenColour, reducedMotion } from './chart-theme';

ChartJS.register(DoughnutController, ArcElement, Legend, Tooltip);

export interface ShareSeries {
  labels: string[];
  values: number[];
}

export default function ExpenseShareCanvas({ data, label }: CanvasProps<ShareSeries>) {
  return (
    <Chart
      type="doughnut"
      role="img"
      aria-label={label}
      data={{
        labels: data.labels,
        datasets: [
          {
            data: data.values,
            backgroundColor: data.values.map((_, index) => PALETTE[index % PALETTE.length]),
          },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : undefined,
        color: tokenColour('--ofs-color-text', '#1f2933'),
        plugins: { legend: { position: 'right' } },
      }}
    >
      {label}
    </Chart>
  );
}
