import type { EmployeesVsSalaryRow } from 'contract/browser';
import { AppLink, endpoints, href } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import { ledgerDates } from '../../building-blocks/links';
import { changeColumns, comparedAddress, comparedDateFilters } from '../../building-blocks/Compare';
import type { ComparedRange } from '../../building-blocks/Compare';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

const ledgerOf = (row: EmployeesVsSalaryRow, range: DateRange) =>
  href('employeeLedger', { employeeId: row.employeeId, ...ledgerDates(range) });

// With a comparison, the other period's figure opens the employee's ledger over that period.
const columns = (range: ComparedRange): Array<ReportColumn<EmployeesVsSalaryRow>> => [
  ...salaryColumns(range),
  ...(range.compare
    ? changeColumns<EmployeesVsSalaryRow>(
        range.compare,
        (row) => row.compare?.totalSalary,
        (row) =>
          row.compare ? ledgerOf(row, { from: row.compare.from, to: row.compare.to }) : undefined,
      )
    : []),
];

// Each employee opens their ledger for the same dates (empty dates: all time, as here).
const salaryColumns = (range: DateRange): Array<ReportColumn<EmployeesVsSalaryRow>> => [
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
const source = reportSource(
  endpoints.getEmployeesVsSalary,
  ({ from, to, compare }: ComparedRange) => ({
    query: compare ? { startDate: from, endDate: to, compare } : { startDate: from, endDate: to },
  }),
);

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
          pdf={endpoints.employeesVsSalaryPdf}
          input={source.input(params) as object}
        />
      )}
      filters={comparedDateFilters}
      address={comparedAddress('employeesVsSalaryReport')}
      describe={describePeriod}
    />
  );
}
