import type { EmployeesVsSalaryRow } from 'contract';
import { AppLink, endpoints, href } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport, dateFilters } from '../../building-blocks/FilteredReport';
import { dateAddress, ledgerDates } from '../../building-blocks/links';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// Each employee opens their ledger for the same dates (empty dates: all time, as here).
const columns = (range: DateRange): Array<ReportColumn<EmployeesVsSalaryRow>> => [
  {
    key: 'employee',
    header: 'Employee',
    value: (row) => row.employeeName,
    render: (row) => (
      <AppLink to={href('employeeLedger', { employeeId: row.employeeId, ...ledgerDates(range) })}>
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

/** Dates go as they stand, empty included (docs/product.md#constants): empty means all time on the server. */
const source = reportSource(endpoints.getEmployeesVsSalary, ({ from, to }: DateRange) => ({
  query: { startDate: from, endDate: to },
}));

/** Employees Vs Salary: salary paid per employee; empty dates mean all time (docs/product.md#constants). */
export function EmployeesVsSalaryReportPage() {
  return (
    <FilteredReport
      title="Employees Vs Salary"
      columns={columns}
      rowKey={(row) => row.employeeId}
      initialParams={EMPTY_RANGE}
      source={source}
      onFailure="alert"
      csvFileName="employees-vs-salary.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.employeesVsSalaryExcel}
          input={source.input(params) as object}
        />
      )}
      filters={dateFilters}
      address={dateAddress('employeesVsSalaryReport')}
      describe={describePeriod}
    />
  );
}
