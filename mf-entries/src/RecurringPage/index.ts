export { RecurringPage } from './RecurringPage';
