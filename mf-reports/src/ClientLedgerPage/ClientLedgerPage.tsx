import { messages } from 'contract';
import type { ClientLedgerRow } from 'contract';
import { currentMonthRange } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { Ledger } from '../Ledger';
import type { LedgerPicker } from '../Ledger';
import { fetchClientLedger, fetchClientOptions } from '../reports-api';
import { fillWithCurrentMonth } from '../periods';

// Module-level so that the Ledger's effects see the same functions on every render.
const picker: LedgerPicker = {
  label: 'Client',
  placeholder: 'Select client',
  loadOptions: fetchClientOptions,
  required: messages.selectClient,
  optionsError: messages.errorFetchingClients,
};
const partyName = (row: ClientLedgerRow) => row.clientName;
const load = (clientId: string, range: DateRange, text: string) =>
  fetchClientLedger(clientId, fillWithCurrentMonth(range), text);

/** Client Ledger: what a client was billed (Debit) and paid (Credit), and what is owed. */
export function ClientLedgerPage() {
  return (
    <Ledger
      title="Client Ledger"
      partyHeader="Client"
      partyName={partyName}
      balanceRule="owed"
      picker={picker}
      // Spec §9: the client ledger opens with the current month filled in.
      initialRange={currentMonthRange()}
      resolveRange={fillWithCurrentMonth}
      load={load}
      errorText={messages.errorFetchingLedger}
      partyParam="clientId"
      csvFileName="client-ledger.csv"
    />
  );
}
