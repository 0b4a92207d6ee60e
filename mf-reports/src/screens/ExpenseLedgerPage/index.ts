export { ExpenseLedgerPage } from './ExpenseLedgerPage';
