export { FinanceCards } from './FinanceCards';
export type { FinanceCardsProps, FinanceFigure } from './FinanceCards';
