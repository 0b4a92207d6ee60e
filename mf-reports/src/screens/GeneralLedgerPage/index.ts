export { GeneralLedgerPage } from './GeneralLedgerPage';
