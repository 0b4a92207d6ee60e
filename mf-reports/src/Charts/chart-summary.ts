// The text alternatives of the charts: what a sighted reader takes from the drawing, in words.
import { formatMoney } from 'shared-ui';
import { sumMoney } from '../money-math';

export interface MonthFigures {
  month: string;
  income: number;
  salary: number;
  expense: number;
  profit: number;
}

export function yearlySummary(year: number, months: MonthFigures[]): string {
  const base = `Income, salary and expense per month of ${year} as bars, profit or loss as a line.`;
  if (months.length === 0) return base;
  const best = months.reduce((a, b) => (b.profit > a.profit ? b : a));
  const worst = months.reduce((a, b) => (b.profit < a.profit ? b : a));
  const total = sumMoney(months.map((m) => m.profit));
  return (
    `${base} Profit/Loss for the year: ${formatMoney(total)}; ` +
    `best month ${best.month} (${formatMoney(best.profit)}), ` +
    `weakest month ${worst.month} (${formatMoney(worst.profit)}). The table lists every figure.`
  );
}

export interface Share {
  label: string;
  value: number;
}

/** "Rent 60.0%, Fuel 40.0%", largest first. */
export function shareSummary(period: string, shares: Share[]): string {
  const total = sumMoney(shares.map((s) => s.value));
  const parts = [...shares]
    .sort((a, b) => b.value - a.value)
    .map((s) => `${s.label} ${total > 0 ? ((s.value / total) * 100).toFixed(1) : '0.0'}%`);
  return `Share of expense by type, ${period}: ${parts.join(', ')}. The table lists the amounts.`;
}
