export { MonthEndPage } from './MonthEndPage';
