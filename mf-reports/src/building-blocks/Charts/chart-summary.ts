// The text alternatives of the charts: what a sighted reader takes from the drawing, in words.
import { formatMoney, sumMoney, type Money } from 'shared-ui';

export interface MonthFigures {
  month: string;
  income: Money;
  salary: Money;
  expense: Money;
  profit: Money;
}

export function yearlySummary(year: number, months: MonthFigures[]): string {
  const base = `Income, salary and expense per month of ${year} as bars, profit or loss as a line.`;
  if (months.length === 0) return base;
  // Picking the best and weakest month only compares; the figures shown stay exact.
  const best = months.reduce((a, b) => (Number(b.profit) > Number(a.profit) ? b : a));
  const worst = months.reduce((a, b) => (Number(b.profit) < Number(a.profit) ? b : a));
  const total = sumMoney(months.map((m) => m.profit));
  return (
    `${base} Profit/Loss for the year: ${formatMoney(total)}; ` +
    `best month ${best.month} (${formatMoney(best.profit)}), ` +
    `weakest month ${worst.month} (${formatMoney(worst.profit)}). The table lists every figure.`
  );
}

export interface Share {
  label: string;
  value: Money;
}

/** "Rent 60.0%, Fuel 40.0%", largest first. */
export function shareSummary(period: string, shares: Share[]): string {
  // A share in percent needs no cent: plain numbers are exact enough.
  const total = Number(sumMoney(shares.map((s) => s.value)));
  const parts = [...shares]
    .sort((a, b) => Number(b.value) - Number(a.value))
    .map((s) => `${s.label} ${total > 0 ? ((Number(s.value) / total) * 100).toFixed(1) : '0.0'}%`);
  return `Share of expense by type, ${period}: ${parts.join(', ')}. The table lists the amounts.`;
}
