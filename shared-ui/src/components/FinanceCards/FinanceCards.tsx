import { formatRs, subtractMoney, type Change, type Finance } from 'contract/browser';
import { StatCard } from '../StatCard';

/** One figure of the money totals: the spec's three, and Profit/Loss (issue 34). */
export type FinanceFigure = 'income' | 'salary' | 'expense' | 'profitLoss';

const FIGURES = ['income', 'salary', 'expense'] as const;

export interface FinanceCardsProps {
  /** The totals; each card shows 0 until they are known. */
  finance: Finance | undefined;
  /**
   * Each card's label ("Total Income" on the dashboard, "Income" in the Finance report); with a
   * `profitLoss` label a fourth card shows income less salary and expense.
   */
  labels: Readonly<Record<'income' | 'salary' | 'expense', string>> & { profitLoss?: string };
  /** The screen behind a figure (the journal of the entries it adds up), once known. */
  hrefOf?: (figure: (typeof FIGURES)[number]) => string | undefined;
  /** The other period's name in the comparison line ("Previous period"). */
  compareLabel?: string;
}

/** `Previous period: RS: 10.00 · change RS: 5.00 (50.00%)`; no percent when the other is zero. */
export function changeText(label: string, change: Change): string {
  const percent = change.percent === null ? '' : ` (${change.percent.toFixed(2)}%)`;
  return `${label}: ${formatRs(change.other)} · change ${formatRs(change.change)}${percent}`;
}

/** The Finance figure of a card: Profit/Loss is the server's, or worked out from the three. */
const figureOf = (finance: Finance | undefined, figure: FinanceFigure) => {
  if (!finance) return 0;
  if (figure !== 'profitLoss') return finance[figure];
  return (
    finance.profitLoss ??
    subtractMoney(subtractMoney(finance.income, finance.salary), finance.expense)
  );
};

/** Income, salary and expense of a period as money cards (dashboard, Finance report). */
export function FinanceCards({ finance, labels, hrefOf, compareLabel }: FinanceCardsProps) {
  const figures: FinanceFigure[] = labels.profitLoss ? [...FIGURES, 'profitLoss'] : [...FIGURES];
  const compared = finance?.compare;
  return (
    <div className="ofs-grid">
      {figures.map((figure) => (
        <StatCard
          key={figure}
          label={figure === 'profitLoss' ? (labels.profitLoss ?? '') : labels[figure]}
          value={figureOf(finance, figure)}
          money
          href={figure === 'profitLoss' ? undefined : hrefOf?.(figure)}
          detail={
            compared ? changeText(compareLabel ?? 'Compared with', compared[figure]) : undefined
          }
        />
      ))}
    </div>
  );
}
