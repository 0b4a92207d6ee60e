import type { ExpenseLedgerRow, LedgerOpeningQuery } from 'contract/browser';
import { call, currentMonthRange, endpoints } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { Ledger, type LedgerPageQuery } from '../../building-blocks/Ledger';
import { ledgerAddresses } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

const partyName = (row: ExpenseLedgerRow) => row.expenseType;
/** Dates are sent only when both are set (docs/product.md#calls); otherwise the server's current month. */
const load = (_partyId: string, { from, to }: DateRange, page: LedgerPageQuery) =>
  call(endpoints.listExpenseLedger, {
    query: from && to ? { startDate: from, endDate: to, ...page } : page,
  });
/** Brought forward into the same period the ledger call covers. */
const openingQuery = (_partyId: string, { from, to }: DateRange): LedgerOpeningQuery =>
  from && to ? { ledger: 'expense', startDate: from } : { ledger: 'expense' };
/** Half a range is not sent at all (docs/product.md#calls), so the server's current month applies. */
const period = (range: DateRange) => (range.from && range.to ? range : currentMonthRange());

const downloads = (_partyId: string, { from, to }: DateRange) => (
  <DownloadButtons
    excel={endpoints.expenseLedgerExcel}
    pdf={endpoints.expenseLedgerPdf}
    input={{ query: { startDate: from, endDate: to } }}
  />
);

/** Expense Ledger: every expense entry of a period with the running total paid. */
export function ExpenseLedgerPage() {
  return (
    <Ledger
      title="Expense Ledger"
      partyHeader="Expense Type"
      partyName={partyName}
      resolveRange={period}
      load={load}
      openingQuery={openingQuery}
      endpoint={endpoints.listExpenseLedger}
      loadOnMount
      address={ledgerAddresses.expense}
      csvFileName="expense-ledger.csv"
      downloads={downloads}
    />
  );
}
