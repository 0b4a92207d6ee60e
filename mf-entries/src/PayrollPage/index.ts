export { PayrollPage } from './PayrollPage';
