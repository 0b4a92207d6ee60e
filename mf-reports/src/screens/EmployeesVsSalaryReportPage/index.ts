export { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
