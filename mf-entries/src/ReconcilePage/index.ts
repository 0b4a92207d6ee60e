export { ReconcilePage } from './ReconcilePage';
