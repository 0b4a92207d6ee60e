export { VouchersPage } from './VouchersPage';
