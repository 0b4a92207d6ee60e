import { useState } from 'react';
import type { EntryKind } from 'contract';
import {
  FinanceCards,
  endpoints,
  fillWithCurrentMonth,
  href,
  useApiQuery,
  useAppliedFilters,
  messages,
} from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { FilterBar } from '../../building-blocks/FilterBar';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { dateAddress } from '../../building-blocks/links';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

const address = dateAddress('financeReport');

const LABELS = { income: 'Income', salary: 'Salary', expense: 'Expense' } as const;

/** Finance Report: income received, salary and expense paid in a period (default: this month). */
export function FinanceReportPage() {
  const [range, setRange] = useState<DateRange>(() => address.read() ?? EMPTY_RANGE);
  // docs/product.md#constants: empty dates mean the current month.
  const { applied, apply } = useAppliedFilters(() => fillWithCurrentMonth(range));
  // docs/product.md#messages: failures of this report are logged, not shown.
  const finance = useApiQuery(endpoints.getFinance, { query: applied }, { onError: 'log' });

  const onFilter = () => {
    address.write(range);
    apply(fillWithCurrentMonth(range), finance.refetch);
  };
  /** Each card opens the journal of the entries it adds up (Credit: money received or paid). */
  const cardLink = (kind: EntryKind) =>
    finance.data ? href('journal', { ...applied, kind, Creditdebit: 'Credit' }) : undefined;

  return (
    <ReportLayout
      title="Finance Report"
      period={finance.data ? describePeriod(applied) : undefined}
      filters={
        <FilterBar
          range={range}
          onRangeChange={setRange}
          submitLabel="Filter"
          onSubmit={onFilter}
          busy={finance.isFetching}
        />
      }
    >
      {finance.isFetching && <p role="status">{messages.loading}</p>}
      <FinanceCards finance={finance.data} labels={LABELS} hrefOf={cardLink} />
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
