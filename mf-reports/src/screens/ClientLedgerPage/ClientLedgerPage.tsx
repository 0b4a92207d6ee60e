import type { ClientLedgerRow, LedgerOpeningQuery } from 'contract/browser';
import { call, endpoints, fillWithCurrentMonth, messages } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { Ledger } from '../../building-blocks/Ledger';
import type { LedgerPageQuery, LedgerPicker } from '../../building-blocks/Ledger';
import { ledgerAddresses } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// Module-level so that the Ledger's effects see the same functions on every render.
const picker: LedgerPicker = {
  label: 'Client',
  placeholder: 'Select client',
  parties: endpoints.listClients,
  required: messages.selectClient,
};
const partyName = (row: ClientLedgerRow) => row.clientName;
const load = (clientId: string, range: DateRange, page: LedgerPageQuery) => {
  const { from, to } = fillWithCurrentMonth(range);
  return call(endpoints.listClientLedger, {
    query: { clientId: Number(clientId), startDate: from, endDate: to, ...page },
  });
};

const openingQuery = (clientId: string, range: DateRange): LedgerOpeningQuery => ({
  ledger: 'client',
  partyId: Number(clientId),
  startDate: fillWithCurrentMonth(range).from,
});

const downloads = (partyId: string, { from, to }: DateRange) => (
  <DownloadButtons
    excel={endpoints.clientLedgerExcel}
    pdf={endpoints.clientLedgerPdf}
    input={{ query: { clientId: Number(partyId), startDate: from, endDate: to } }}
  />
);

/** Client Ledger: what a client was billed (Debit) and paid (Credit), and what is owed. */
export function ClientLedgerPage() {
  return (
    <Ledger
      title="Client Ledger"
      partyHeader="Client"
      partyName={partyName}
      picker={picker}
      resolveRange={fillWithCurrentMonth}
      load={load}
      openingQuery={openingQuery}
      endpoint={endpoints.listClientLedger}
      address={ledgerAddresses.client}
      csvFileName="client-ledger.csv"
      downloads={downloads}
    />
  );
}
