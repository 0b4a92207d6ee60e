import { useState } from 'react';
import {
  Select,
  addressQuery,
  currentMonthRange,
  formatRs,
  replaceAddressQuery,
  useApiQuery,
  useAppliedFilters,
} from 'shared-ui';
import type { DateRange } from 'shared-ui';
import type { ProfitBasis } from 'contract/browser';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { FilterBar } from '../../building-blocks/FilterBar';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';
import { StatementSection } from '../../building-blocks/Statement';
import { profitLossCalls } from '../../helpers/ledger-calls';
import { CompareSelect, comparedOf, type Compared } from '../../building-blocks/Compare';

interface Params {
  range: DateRange;
  basis: ProfitBasis;
  compare: Compared | undefined;
}

const BASES: Array<{ value: ProfitBasis; label: string }> = [
  { value: 'accrual', label: 'Accrual (invoices as revenue)' },
  { value: 'cash', label: 'Cash (payments received)' },
];

/** The dates asked for, an open end filled with this month's. */
const filled = (range: DateRange): DateRange => {
  const month = currentMonthRange();
  return { from: range.from || month.from, to: range.to || month.to };
};

function fromAddress(): Params {
  const query = addressQuery('profitLoss');
  return {
    range: filled({ from: query.from ?? '', to: query.to ?? '' }),
    basis: query.basis ?? 'accrual',
    compare: comparedOf(query.compare),
  };
}

/** The title names the basis the figures are counted on. */
export const profitLossTitle = (basis: ProfitBasis) => `Profit and loss (${basis} basis)`;

/**
 * Profit and loss: income and expenses by account for a period, on the accrual basis (invoices
 * as revenue) or the cash basis (payments received), and the profit they leave.
 */
export function ProfitLossPage() {
  const [initial] = useState(fromAddress);
  const [range, setRange] = useState(initial.range);
  const [basis, setBasis] = useState(initial.basis);
  const [compare, setCompare] = useState(initial.compare);
  const { applied, apply } = useAppliedFilters(initial);
  const input = {
    query: {
      from: applied.range.from,
      to: applied.range.to,
      basis: applied.basis,
      ...(applied.compare ? { compare: applied.compare } : {}),
    },
  };
  const read = useApiQuery(profitLossCalls.report, input);
  const report = read.data;
  const loading = read.isFetching;

  const onSubmit = (period?: DateRange) => {
    const wanted = { range: filled(period ?? range), basis, compare };
    replaceAddressQuery('profitLoss', { ...wanted.range, basis, compare });
    apply(wanted, read.refetch);
  };

  return (
    <ReportLayout
      title={profitLossTitle(applied.basis)}
      period={`${applied.range.from} to ${applied.range.to}`}
      filters={
        <FilterBar
          range={range}
          onRangeChange={setRange}
          submitLabel="Filter"
          onSubmit={onSubmit}
          busy={loading}
        >
          <Select
            label="Basis"
            name="basis"
            value={basis}
            onChange={(value) => setBasis(value === 'cash' ? 'cash' : 'accrual')}
            options={BASES}
          />
          <CompareSelect value={compare} onChange={setCompare} />
        </FilterBar>
      }
    >
      <div className="reports-statement__actions ofs-no-print">
        <DownloadButtons
          excel={profitLossCalls.excel}
          pdf={profitLossCalls.pdf}
          input={input}
          disabled={!report}
        />
      </div>
      {report && (
        <p className="reports-statement__summary" role="status" aria-label="Profit and loss totals">
          <span>Income {formatRs(report.totals.income)}</span>
          <span>Expenses {formatRs(report.totals.expenses)}</span>
          <span>Profit {formatRs(report.totals.profit)}</span>
        </p>
      )}
      <StatementSection
        title="Income"
        rows={report?.income ?? []}
        total={report?.totals.income}
        loading={loading && !report}
        ledgerRange={applied.range}
        compared={
          applied.compare ? { with: applied.compare, total: report?.compare?.income } : undefined
        }
      />
      <StatementSection
        title="Expenses"
        rows={report?.expenses ?? []}
        total={report?.totals.expenses}
        loading={loading && !report}
        ledgerRange={applied.range}
        compared={
          applied.compare ? { with: applied.compare, total: report?.compare?.expenses } : undefined
        }
      />
    </ReportLayout>
  );
}
