import { useState } from 'react';
import {
  addMoney,
  addressQuery,
  compareMoney,
  formatRs,
  replaceAddressQuery,
  toIsoDate,
  useApiQuery,
  useAppliedFilters,
} from 'shared-ui';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { DateFilter, StatementSection } from '../../building-blocks/Statement';
import { balanceSheetCalls } from '../../helpers/ledger-calls';

/**
 * Balance sheet: assets, liabilities and equity at a day, the year's profit in equity (from the
 * first day of the financial year); assets equal liabilities plus equity.
 */
export function BalanceSheetPage() {
  const [initial] = useState(() => addressQuery('balanceSheet').date ?? toIsoDate(new Date()));
  const [date, setDate] = useState(initial);
  const { applied, apply } = useAppliedFilters(initial);
  const input = { query: { date: applied } };
  const read = useApiQuery(balanceSheetCalls.report, input);
  const sheet = read.data;
  const loading = read.isFetching;
  const ledgerRange = { from: sheet?.yearStart ?? '', to: applied };

  const onFilter = () => {
    const wanted = date || toIsoDate(new Date());
    replaceAddressQuery('balanceSheet', { date: wanted });
    apply(wanted, read.refetch);
  };
  const liabilitiesAndEquity = sheet
    ? addMoney(sheet.totals.liabilities, sheet.totals.equity)
    : undefined;

  return (
    <ReportLayout
      title="Balance sheet"
      period={`As of ${applied}`}
      filters={
        <DateFilter
          label="Date"
          value={date}
          onChange={setDate}
          onSubmit={onFilter}
          busy={loading}
        />
      }
    >
      <div className="reports-statement__actions ofs-no-print">
        <DownloadButtons
          excel={balanceSheetCalls.excel}
          pdf={balanceSheetCalls.pdf}
          input={input}
          disabled={!sheet}
        />
      </div>
      {sheet && liabilitiesAndEquity !== undefined && (
        <p className="reports-statement__summary" role="status" aria-label="Balance sheet totals">
          <span>Total assets {formatRs(sheet.totals.assets)}</span>
          <span>Total liabilities and equity {formatRs(liabilitiesAndEquity)}</span>
          {compareMoney(sheet.totals.assets, liabilitiesAndEquity) !== 0 && (
            <strong>The balance sheet does not balance</strong>
          )}
        </p>
      )}
      <StatementSection
        title="Assets"
        rows={sheet?.assets ?? []}
        total={sheet?.totals.assets}
        loading={loading && !sheet}
        ledgerRange={ledgerRange}
      />
      <StatementSection
        title="Liabilities"
        rows={sheet?.liabilities ?? []}
        total={sheet?.totals.liabilities}
        loading={loading && !sheet}
        ledgerRange={ledgerRange}
      />
      <StatementSection
        title="Equity"
        rows={sheet?.equity ?? []}
        total={sheet?.totals.equity}
        loading={loading && !sheet}
        ledgerRange={ledgerRange}
      />
    </ReportLayout>
  );
}
