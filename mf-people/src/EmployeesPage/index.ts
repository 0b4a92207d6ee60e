// Exposed to the shell as people/EmployeesPage.
export { EmployeesPage } from './EmployeesPage';
