import { AppLink, DateInput, Button, addressQuery, href, replaceAddressQuery } from 'shared-ui';
import type { ReceivablesRow } from 'contract/browser';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import type { FilterControls } from '../../building-blocks/FilteredReport';
import { ledgerDates } from '../../building-blocks/links';
import type { AddressParams } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { reportSource } from '../../helpers/report-source';
import { receivablesCalls } from '../../helpers/month-end-calls';

const money = (
  key: 'balance' | 'days0to30' | 'days31to60' | 'days61to90' | 'over90',
  header: string,
): ReportColumn<ReceivablesRow> => ({
  key,
  header,
  kind: 'money',
  value: (row) => row[key],
  total: 'sum',
});

/**
 * A client's ledger up to the report's day, from 1 January of its year (the balance before it
 * is the ledger's opening balance), or from the oldest invoice still open if that is earlier.
 */
function receivableDates(row: ReceivablesRow, date: string) {
  const dates = ledgerDates({ from: '', to: date });
  const oldest = row.oldestInvoiceDate;
  return oldest && oldest < dates.startDate ? { ...dates, startDate: oldest } : dates;
}

const columns = (date: string): Array<ReportColumn<ReceivablesRow>> => [
  {
    key: 'client',
    header: 'Client',
    value: (row) => row.clientName,
    render: (row) => (
      <AppLink to={href('clientLedger', { clientId: row.clientId, ...receivableDates(row, date) })}>
        {row.clientName}
      </AppLink>
    ),
  },
  money('balance', 'Balance'),
  money('days0to30', '0–30 days'),
  money('days31to60', '31–60 days'),
  money('days61to90', '61–90 days'),
  money('over90', 'Over 90 days'),
  {
    key: 'oldest',
    header: 'Oldest Invoice',
    value: (row) => row.oldestInvoiceDate ?? '',
  },
];

const source = reportSource(
  receivablesCalls.report,
  (date: string) => ({ query: date ? { date } : {} }),
  (answer) => answer.rows,
);

const dateAddress: AddressParams<string> = {
  read: () => addressQuery('receivablesReport').date,
  write: (date) => replaceAddressQuery('receivablesReport', { date }),
};

function datePicker({ params, setParams, apply, busy }: FilterControls<string>) {
  return (
    <form
      className="ofs-toolbar"
      aria-label="Report filters"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <DateInput label="As of" name="date" value={params} onChange={setParams} />
      <Button type="submit" disabled={busy}>
        Filter
      </Button>
    </form>
  );
}

/** Receivables: what each client owes, split by the age of the invoices not yet paid. */
export function ReceivablesReportPage() {
  return (
    <FilteredReport
      title="Receivables"
      columns={columns}
      rowKey={(row) => row.clientId}
      initialParams=""
      source={source}
      onFailure="alert"
      csvFileName="receivables.csv"
      emptyText="No client owes anything"
      downloads={(date) => (
        <DownloadButtons
          excel={receivablesCalls.excel}
          pdf={receivablesCalls.pdf}
          input={source.input(date) as object}
        />
      )}
      filters={datePicker}
      address={dateAddress}
      describe={(date) => `As of ${date || 'today'}`}
    />
  );
}
