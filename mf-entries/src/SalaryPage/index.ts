// Exposed to the shell as entries/SalaryPage.
export { SalaryPage } from './SalaryPage';
