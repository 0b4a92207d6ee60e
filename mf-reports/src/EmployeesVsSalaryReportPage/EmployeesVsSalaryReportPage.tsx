import { messages } from 'contract';
import type { EmployeesVsSalaryRow } from 'contract';
import type { ReportColumn } from '../ReportTable';
import { TableReport, dateFilters } from '../TableReport';
import { fetchEmployeesVsSalary } from '../reports-api';
import { EMPTY_RANGE, describePeriod } from '../periods';

const columns: Array<ReportColumn<EmployeesVsSalaryRow>> = [
  { key: 'employee', header: 'Employee', value: (row) => row.employeeName },
  {
    key: 'salary',
    header: 'Total Salary',
    kind: 'money',
    value: (row) => row.totalSalary,
    total: 'sum',
  },
];

/** Employees Vs Salary: salary paid per employee; empty dates mean all time (spec §9). */
export function EmployeesVsSalaryReportPage() {
  return (
    <TableReport
      title="Employees Vs Salary"
      columns={columns}
      rowKey={(row) => row.employeeId}
      initialParams={EMPTY_RANGE}
      load={fetchEmployeesVsSalary}
      onFailure={{ alert: messages.errorFetchingData }}
      csvFileName="employees-vs-salary.csv"
      filters={dateFilters}
      describe={describePeriod}
    />
  );
}
