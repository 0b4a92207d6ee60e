import { messages } from 'contract';
import type { EmployeeLedgerRow } from 'contract';
import type { DateRange } from 'shared-ui';
import { Ledger } from '../Ledger';
import type { LedgerPicker } from '../Ledger';
import { fetchEmployeeLedger, fetchEmployeeOptions } from '../reports-api';
import { EMPTY_RANGE, fillWithCurrentMonth } from '../periods';

// Module-level so that the Ledger's effects see the same functions on every render.
const picker: LedgerPicker = {
  label: 'Employee',
  placeholder: 'Select employee',
  loadOptions: fetchEmployeeOptions,
  required: messages.selectEmployee,
  optionsError: messages.errorFetchingEmployees,
};
const partyName = (row: EmployeeLedgerRow) => row.employeeName;
// Spec §9: empty dates mean the current month.
const load = (employeeId: string, range: DateRange, text: string) =>
  fetchEmployeeLedger(employeeId, fillWithCurrentMonth(range), text);

/** Employee Ledger: the salary paid to one employee, with the running total. */
export function EmployeeLedgerPage() {
  return (
    <Ledger
      title="Employee Ledger"
      partyHeader="Employee"
      partyName={partyName}
      balanceRule="paid"
      picker={picker}
      initialRange={EMPTY_RANGE}
      resolveRange={fillWithCurrentMonth}
      load={load}
      errorText={messages.errorFetchingLedgerData}
      partyParam="employeeId"
      csvFileName="employee-ledger.csv"
    />
  );
}
