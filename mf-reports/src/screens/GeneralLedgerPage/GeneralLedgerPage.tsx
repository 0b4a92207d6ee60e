import { useState } from 'react';
import {
  AppLink,
  Button,
  Select,
  Table,
  addressQuery,
  formatRs,
  href,
  messages,
  notify,
  replaceAddressQuery,
  sumMoney,
} from 'shared-ui';
import type { DateRange, TableColumn } from 'shared-ui';
import type { GeneralLedgerRow } from 'contract/browser';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { FilterBar } from '../../building-blocks/FilterBar';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { ledgerOpeningRange } from '../../helpers/periods';
import { generalLedgerCalls } from '../../helpers/ledger-calls';
import { useGeneralLedger, type Asked } from './useGeneralLedger';
import '../../building-blocks/Statement/Statement.css';

/** Where a line comes from: its entry in the Journal (the entries of its day), else named. */
function sourceOf(row: GeneralLedgerRow) {
  switch (row.source) {
    case 'entry':
      return (
        <AppLink to={href('journal', { from: row.date, to: row.date })}>
          Entry #{row.sourceId}
        </AppLink>
      );
    case 'voucher':
      return <AppLink to={href('vouchers')}>Voucher #{row.sourceId}</AppLink>;
    case 'transfer':
      return `Transfer #${row.sourceId}`;
    default:
      return `Opening balance of money account #${row.sourceId}`;
  }
}

const COLUMNS: Array<TableColumn<GeneralLedgerRow>> = [
  { key: 'date', header: 'Date', value: (row) => row.date },
  {
    key: 'source',
    header: 'Source',
    value: (row) => `${row.source} ${row.sourceId}`,
    render: sourceOf,
  },
  { key: 'description', header: 'Description', value: (row) => row.description, card: 'lead' },
  { key: 'debit', header: 'Debit', kind: 'money', value: (row) => row.debit },
  { key: 'credit', header: 'Credit', kind: 'money', value: (row) => row.credit },
  { key: 'balance', header: 'Balance', kind: 'money', value: (row) => row.balance, card: 'figure' },
];

function fromAddress(): { accountId: string; range: DateRange; asked?: Asked } {
  const query = addressQuery('generalLedger');
  const opening = ledgerOpeningRange();
  const range = { from: query.from ?? opening.from, to: query.to ?? opening.to };
  const accountId = query.accountId === undefined ? '' : String(query.accountId);
  return {
    accountId,
    range,
    asked: query.accountId === undefined ? undefined : { accountId: query.accountId, range },
  };
}

/**
 * General ledger: one account's lines for a period with its opening and closing balance, a
 * page at a time (Load more), each line leading to what posted it.
 */
export function GeneralLedgerPage() {
  const [initial] = useState(fromAddress);
  const [accountId, setAccountId] = useState(initial.accountId);
  const [range, setRange] = useState(initial.range);
  const ledger = useGeneralLedger(initial.asked);
  const { page, applied } = ledger;

  const onSubmit = (period?: DateRange) => {
    const wanted = period ?? range;
    if (period) setRange(period);
    if (!accountId) {
      if (!period) notify('Please select an account');
      return;
    }
    replaceAddressQuery('generalLedger', { accountId: Number(accountId), ...wanted });
    ledger.show({ accountId: Number(accountId), range: wanted });
  };

  const options = ledger.accounts.map((account) => ({
    value: String(account.id),
    label: `${account.code} ${account.name}${account.closed ? ' (closed)' : ''}`,
  }));
  const title = page
    ? `General ledger: ${page.account.code} ${page.account.name}`
    : 'General ledger';
  const complete = page !== undefined && ledger.next === null;
  const rows = ledger.rows;

  return (
    <ReportLayout
      title={title}
      period={applied ? `${applied.range.from} to ${applied.range.to}` : undefined}
      filters={
        <FilterBar
          range={range}
          onRangeChange={setRange}
          submitLabel="Get Ledger"
          onSubmit={onSubmit}
          busy={ledger.loading}
        >
          <Select
            label="Account"
            name="accountId"
            value={accountId}
            onChange={setAccountId}
            options={options}
            placeholder="Select account"
          />
        </FilterBar>
      }
    >
      {applied && (
        <div className="reports-statement__actions ofs-no-print">
          <DownloadButtons
            excel={generalLedgerCalls.excel}
            pdf={generalLedgerCalls.pdf}
            input={{
              params: { id: applied.accountId },
              query: { from: applied.range.from, to: applied.range.to },
            }}
            disabled={!page}
          />
        </div>
      )}
      {page && (
        <p className="reports-ledger__balances" role="status" aria-label="Balances">
          <span>Opening balance {formatRs(page.opening)}</span>
          <span>Closing balance {formatRs(page.closing)}</span>
        </p>
      )}
      {applied && (
        <Table
          caption="General ledger"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.id}
          loading={ledger.loading && !page}
          emptyText="No lines in this period"
          figures={{
            opening: page
              ? { label: 'Opening balance', values: { balance: page.opening } }
              : undefined,
            totals: complete
              ? {
                  label: messages.tableTotal,
                  values: {
                    debit: sumMoney(rows.map((row) => row.debit)),
                    credit: sumMoney(rows.map((row) => row.credit)),
                    balance: page.closing,
                  },
                }
              : undefined,
          }}
        />
      )}
      {ledger.next !== null && (
        <Button
          variant="secondary"
          busy={ledger.loadingMore}
          busyLabel={messages.loading}
          onClick={() => void ledger.loadMore()}
        >
          Load more
        </Button>
      )}
    </ReportLayout>
  );
}
