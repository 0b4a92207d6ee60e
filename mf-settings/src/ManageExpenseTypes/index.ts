export { ManageExpenseTypes } from './ManageExpenseTypes';
