import type { ClientsVsSalesRow } from 'contract/browser';
import { AppLink, endpoints, href } from 'shared-ui';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import { ALL_TIME, ledgerDates } from '../../building-blocks/links';
import { reportSource } from '../../helpers/report-source';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

// Pending RS = billed (Debit) − received (Credit), computed by the server (docs/architecture.md#domain-rules).
const columns: Array<ReportColumn<ClientsVsSalesRow>> = [
  {
    key: 'client',
    header: 'Client',
    value: (row) => row.clientname,
    // The figures are over all time: so is the ledger it opens.
    render: (row) => (
      <AppLink to={href('clientLedger', { clientId: row.clientId, ...ledgerDates(ALL_TIME) })}>
        {row.clientname}
      </AppLink>
    ),
  },
  {
    key: 'debit',
    header: 'Total Debit',
    kind: 'money',
    value: (row) => row.totalDebit,
    total: 'sum',
  },
  {
    key: 'credit',
    header: 'Total Credit',
    kind: 'money',
    value: (row) => row.totalCredit,
    total: 'sum',
  },
  {
    key: 'pending',
    header: 'Pending RS',
    kind: 'money',
    value: (row) => row.netTotal,
    total: 'sum',
  },
];
const source = reportSource(endpoints.getClientsVsSales, () => undefined);

/** Clients Vs Sales: per client, what was billed, what was received and what is pending. */
export function ClientsVsSalesPage() {
  return (
    <FilteredReport
      title="Clients Vs Sales"
      columns={columns}
      rowKey={(row) => row.clientId}
      initialParams={undefined}
      source={source}
      onFailure="alert"
      csvFileName="clients-vs-sales.csv"
      downloads={(params) => (
        <DownloadButtons
          excel={endpoints.clientsVsSalesExcel}
          input={source.input(params) as object}
        />
      )}
    />
  );
}
