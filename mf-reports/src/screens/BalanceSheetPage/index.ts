export { BalanceSheetPage } from './BalanceSheetPage';
