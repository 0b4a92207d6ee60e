import type { EmployeeLedgerRow, LedgerOpeningQuery } from 'contract/browser';
import { call, endpoints, fillWithCurrentMonth, messages } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { Ledger } from '../../building-blocks/Ledger';
import type { LedgerPageQuery, LedgerPicker } from '../../building-blocks/Ledger';
import { ledgerAddresses } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// Module-level so that the Ledger's effects see the same functions on every render.
const picker: LedgerPicker = {
  label: 'Employee',
  placeholder: 'Select employee',
  parties: endpoints.listEmployees,
  required: messages.selectEmployee,
};
const partyName = (row: EmployeeLedgerRow) => row.employeeName;
// docs/product.md#constants: empty dates mean the current month.
const load = (employeeId: string, range: DateRange, page: LedgerPageQuery) => {
  const { from, to } = fillWithCurrentMonth(range);
  return call(endpoints.listEmployeeLedger, {
    query: { employeeId: Number(employeeId), startDate: from, endDate: to, ...page },
  });
};

const openingQuery = (employeeId: string, range: DateRange): LedgerOpeningQuery => ({
  ledger: 'employee',
  partyId: Number(employeeId),
  startDate: fillWithCurrentMonth(range).from,
});

const downloads = (partyId: string, { from, to }: DateRange) => (
  <DownloadButtons
    excel={endpoints.employeeLedgerExcel}
    pdf={endpoints.employeeLedgerPdf}
    input={{ query: { employeeId: Number(partyId), startDate: from, endDate: to } }}
  />
);

/** Employee Ledger: the salary paid to one employee, with the running total. */
export function EmployeeLedgerPage() {
  return (
    <Ledger
      title="Employee Ledger"
      partyHeader="Employee"
      partyName={partyName}
      picker={picker}
      resolveRange={fillWithCurrentMonth}
      load={load}
      openingQuery={openingQuery}
      endpoint={endpoints.listEmployeeLedger}
      address={ledgerAddresses.employee}
      csvFileName="employee-ledger.csv"
      downloads={downloads}
    />
  );
}
