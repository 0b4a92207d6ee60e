import { AppLink } from 'shared-ui';
import { messages } from 'contract';
import type { EmployeesVsSalaryRow } from 'contract';
import type { ReportColumn } from '../ReportTable';
import type { DateRange } from 'shared-ui';
import { TableReport, dateAddress, dateFilters } from '../TableReport';
import { ledgerHref } from '../links';
import { fetchEmployeesVsSalary } from '../reports-api';
import { EMPTY_RANGE, describePeriod } from '../periods';

// Each employee opens their ledger for the same dates (empty dates: all time, as here).
const columns = (range: DateRange): Array<ReportColumn<EmployeesVsSalaryRow>> => [
  {
    key: 'employee',
    header: 'Employee',
    value: (row) => row.employeeName,
    render: (row) => (
      <AppLink to={ledgerHref('/EmployeeLedgerPage', { employeeId: row.employeeId }, range)}>
        {row.employeeName}
      </AppLink>
    ),
  },
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
      address={dateAddress}
      describe={describePeriod}
    />
  );
}
