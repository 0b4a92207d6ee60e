export { ProfitLossPage } from './ProfitLossPage';
