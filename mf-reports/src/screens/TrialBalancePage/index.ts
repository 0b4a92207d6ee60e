export { TrialBalancePage } from './TrialBalancePage';
