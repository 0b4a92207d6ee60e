import { useState } from 'react';
import { messages } from 'contract';
import { FinanceCards, endpoints, fillWithCurrentMonth, useApiQuery } from 'shared-ui';
import type { DateRange, FinanceFigure } from 'shared-ui';
import { FilterBar } from '../../building-blocks/FilterBar';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { addressParams, journalHref, keepInAddress } from '../../building-blocks/links';
import { dateAddress } from '../../building-blocks/FilteredReport';

const LABELS = { income: 'Income', salary: 'Salary', expense: 'Expense' } as const;

/** Finance Report: income received, salary and expense paid in a period (default: this month). */
export function FinanceReportPage() {
  const [range, setRange] = useState<DateRange>(
    () => dateAddress.read(addressParams()) ?? EMPTY_RANGE,
  );
  // Spec §9: empty dates mean the current month.
  const [applied, setApplied] = useState(() => fillWithCurrentMonth(range));
  // Spec §8: failures of this report are logged, not shown.
  const finance = useApiQuery(endpoints.getFinance, { query: applied }, { onError: 'log' });

  const onFilter = () => {
    keepInAddress(dateAddress.write(range));
    const wanted = fillWithCurrentMonth(range);
    if (wanted.from === applied.from && wanted.to === applied.to) void finance.refetch();
    else setApplied(wanted);
  };
  /** Each card opens the journal of the entries it adds up (Credit: money received or paid). */
  const cardLink = (kind: FinanceFigure) =>
    finance.data ? journalHref({ ...applied, kind, Creditdebit: 'Credit' }) : undefined;

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
    </ReportLayout>
  );
}
