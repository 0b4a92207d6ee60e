export { ClientLedgerPage } from './ClientLedgerPage';
