export { EmployeeLedgerPage } from './EmployeeLedgerPage';
