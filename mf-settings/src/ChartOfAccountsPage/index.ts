export { ChartOfAccountsPage } from './ChartOfAccountsPage';
