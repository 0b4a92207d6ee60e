import { addressQuery, financialYearStart, replaceAddressQuery, toIsoDate } from 'shared-ui';
import type { TrialBalance } from 'contract/browser';
import type { ReportColumn } from '../../building-blocks/ReportTable';
import { FilteredReport } from '../../building-blocks/FilteredReport';
import type { FilterControls } from '../../building-blocks/FilteredReport';
import type { AddressParams } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { DateFilter, accountLink } from '../../building-blocks/Statement';
import { reportSource } from '../../helpers/report-source';
import { trialBalanceCalls } from '../../helpers/ledger-calls';

type Row = TrialBalance['rows'][number];

/** The day of the figures: the one asked for, else today. */
const dayOf = (date: string) => date || toIsoDate(new Date());

const columns = (date: string): Array<ReportColumn<Row>> => {
  const day = dayOf(date);
  const range = { from: financialYearStart(day), to: day };
  return [
    { key: 'code', header: 'Code', value: (row) => row.code },
    {
      key: 'name',
      header: 'Account',
      value: (row) => row.name,
      render: (row) => accountLink(row.accountId, row.name, range),
      card: 'lead',
    },
    { key: 'type', header: 'Type', value: (row) => row.type },
    { key: 'debit', header: 'Debit', kind: 'money', value: (row) => row.debit, total: 'sum' },
    { key: 'credit', header: 'Credit', kind: 'money', value: (row) => row.credit, total: 'sum' },
  ];
};

const source = reportSource(
  trialBalanceCalls.report,
  (date: string) => ({ query: { date: dayOf(date) } }),
  (answer) => answer.rows,
);

const dateAddress: AddressParams<string> = {
  read: () => addressQuery('trialBalance').date,
  write: (date) => replaceAddressQuery('trialBalance', { date }),
};

function datePicker({ params, setParams, apply, busy }: FilterControls<string>) {
  return (
    <DateFilter
      label="Date"
      value={params}
      onChange={setParams}
      onSubmit={() => apply()}
      busy={busy}
    />
  );
}

/** Trial balance: every account's debit or credit balance at a day; the two totals are equal. */
export function TrialBalancePage() {
  return (
    <FilteredReport
      title="Trial balance"
      columns={columns}
      rowKey={(row) => row.accountId}
      initialParams={toIsoDate(new Date())}
      source={source}
      onFailure="alert"
      csvFileName="trial-balance.csv"
      emptyText="No account has a balance"
      downloads={(date) => (
        <DownloadButtons
          excel={trialBalanceCalls.excel}
          pdf={trialBalanceCalls.pdf}
          input={source.input(date) as object}
        />
      )}
      filters={datePicker}
      address={dateAddress}
      describe={(date) => `As of ${dayOf(date)}`}
    />
  );
}
