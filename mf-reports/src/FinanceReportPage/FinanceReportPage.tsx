import { useCallback, useEffect, useState } from 'react';
import { messages } from 'contract';
import type { Finance } from 'contract';
import { StatCard, fetchFinance, fillWithCurrentMonth } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { FilterBar } from '../FilterBar';
import { ReportLayout } from '../ReportLayout';
import { useReportData } from '../useReportData';
import { EMPTY_RANGE, describePeriod } from '../periods';

/** Finance Report: income received, salary and expense paid in a period (default: this month). */
export function FinanceReportPage() {
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  // Spec §8: failures of this report are logged, not shown.
  const { data, loading, run } = useReportData<{ finance: Finance; range: DateRange }>({
    log: 'Could not load the finance report',
  });

  const load = useCallback(
    (wanted: DateRange) => {
      // Spec §9: empty dates mean the current month.
      const asked = fillWithCurrentMonth(wanted);
      return run(async () => ({ finance: await fetchFinance(asked), range: asked }));
    },
    [run],
  );
  useEffect(() => {
    void load(EMPTY_RANGE);
  }, [load]);

  return (
    <ReportLayout
      title="Finance Report"
      period={data ? describePeriod(data.range) : undefined}
      filters={
        <FilterBar
          range={range}
          onRangeChange={setRange}
          submitLabel="Filter"
          onSubmit={() => void load(range)}
          busy={loading}
        />
      }
    >
      {loading && <p role="status">{messages.loading}</p>}
      <div className="ofs-grid">
        <StatCard label="Income" value={data?.finance.income ?? 0} money />
        <StatCard label="Salary" value={data?.finance.salary ?? 0} money />
        <StatCard label="Expense" value={data?.finance.expense ?? 0} money />
      </div>
    </ReportLayout>
  );
}
