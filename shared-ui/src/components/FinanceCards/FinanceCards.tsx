import type { Finance } from 'contract';
import { StatCard } from '../StatCard';

/** One figure of the money totals. */
export type FinanceFigure = keyof Finance;

const FIGURES: readonly FinanceFigure[] = ['income', 'salary', 'expense'];

export interface FinanceCardsProps {
  /** The totals; each card shows 0 until they are known. */
  finance: Finance | undefined;
  /** Each card's label ("Total Income" on the dashboard, "Income" in the Finance report). */
  labels: Readonly<Record<FinanceFigure, string>>;
  /** The screen behind a figure (the journal of the entries it adds up), once known. */
  hrefOf?: (figure: FinanceFigure) => string | undefined;
}

/** Income, salary and expense of a period as three money cards (dashboard, Finance report). */
export function FinanceCards({ finance, labels, hrefOf }: FinanceCardsProps) {
  return (
    <div className="ofs-grid">
      {FIGURES.map((figure) => (
        <StatCard
          key={figure}
          label={labels[figure]}
          value={finance?.[figure] ?? 0}
          money
          href={hrefOf?.(figure)}
        />
      ))}
    </div>
  );
}
