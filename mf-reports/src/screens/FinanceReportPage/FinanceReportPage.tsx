import { useState } from 'react';
import type { EntryKind } from 'contract/browser';
import type { DateRange } from 'shared-ui';
import {
  FinanceCards,
  endpoints,
  fillWithCurrentMonth,
  href,
  useApiQuery,
  useAppliedFilters,
  messages,
} from 'shared-ui';
import { FilterBar } from '../../building-blocks/FilterBar';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { COMPARE_LABELS, CompareSelect, comparedAddress } from '../../building-blocks/Compare';
import type { ComparedRange } from '../../building-blocks/Compare';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

const address = comparedAddress('financeReport');

const LABELS = {
  income: 'Income',
  salary: 'Salary',
  expense: 'Expense',
  profitLoss: 'Profit/Loss',
} as const;

/** The dates asked for (empty: this month) and the comparison, as the call takes them. */
const asked = (range: ComparedRange): ComparedRange => {
  const dates = fillWithCurrentMonth(range);
  return range.compare ? { ...dates, compare: range.compare } : dates;
};

/** Finance Report: income received, salary and expense paid in a period (default: this month). */
export function FinanceReportPage() {
  // The dates it applies are in the inputs: this month's unless the address says otherwise.
  const [range, setRange] = useState<ComparedRange>(() => asked(address.read() ?? EMPTY_RANGE));
  // docs/product.md#constants: empty dates mean the current month.
  const { applied, apply } = useAppliedFilters<ComparedRange>(() => asked(range));
  // docs/product.md#messages: failures of this report are logged, not shown.
  const finance = useApiQuery(endpoints.getFinance, { query: applied }, { onError: 'log' });

  const onFilter = (period?: DateRange) => {
    const wanted = period ? { ...range, ...period } : range;
    if (period) setRange(wanted);
    address.write(wanted);
    apply(asked(wanted), finance.refetch);
  };
  /** Each card opens the journal of the entries it adds up (Credit: money received or paid). */
  const cardLink = (kind: EntryKind) =>
    finance.data
      ? href('journal', { from: applied.from, to: applied.to, kind, Creditdebit: 'Credit' })
      : undefined;

  return (
    <ReportLayout
      title="Finance Report"
      period={finance.data ? describePeriod(applied) : undefined}
      filters={
        <FilterBar
          range={range}
          onRangeChange={(dates) => setRange({ ...range, from: dates.from, to: dates.to })}
          submitLabel="Filter"
          onSubmit={onFilter}
          busy={finance.isFetching}
        >
          <CompareSelect
            value={range.compare}
            onChange={(compare) => setRange({ ...range, compare })}
          />
        </FilterBar>
      }
    >
      {finance.isFetching && <p role="status">{messages.loading}</p>}
      <FinanceCards
        finance={finance.data}
        labels={LABELS}
        hrefOf={cardLink}
        compareLabel={applied.compare ? COMPARE_LABELS[applied.compare] : undefined}
      />
      <div className="reports-table__actions ofs-no-print">
        <DownloadButtons
          excel={endpoints.financeExcel}
          pdf={endpoints.financePdf}
          input={{ query: applied }}
          disabled={!finance.data}
        />
      </div>
    </ReportLayout>
  );
}
