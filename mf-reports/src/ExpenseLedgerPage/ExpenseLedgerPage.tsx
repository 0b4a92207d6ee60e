import { messages } from 'contract';
import type { ExpenseLedgerRow } from 'contract';
import { currentMonthRange } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { Ledger } from '../Ledger';
import { fetchExpenseLedger } from '../reports-api';
import { EMPTY_RANGE } from '../periods';

const partyName = (row: ExpenseLedgerRow) => row.expenseType;
const load = (_partyId: string, range: DateRange, text: string) => fetchExpenseLedger(range, text);
/** Half a range is not sent at all (spec §7), so the server's current month applies. */
const period = (range: DateRange) => (range.from && range.to ? range : currentMonthRange());

/** Expense Ledger: every expense entry of a period with the running total paid. */
export function ExpenseLedgerPage() {
  return (
    <Ledger
      title="Expense Ledger"
      partyHeader="Expense Type"
      partyName={partyName}
      balanceRule="paid"
      initialRange={EMPTY_RANGE}
      resolveRange={period}
      load={load}
      errorText={messages.errorFetchingLedgerData}
      loadOnMount
      csvFileName="expense-ledger.csv"
    />
  );
}
