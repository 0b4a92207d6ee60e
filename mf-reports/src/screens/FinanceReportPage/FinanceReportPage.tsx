import { useCallback, useEffect, useState } from 'react';
import { messages } from 'contract';
import type { EntryKind, Finance } from 'contract';
import { StatCard, fetchFinance, fillWithCurrentMonth, href } from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { FilterBar } from '../../building-blocks/FilterBar';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { useReportData } from '../../helpers/useReportData';
import { EMPTY_RANGE, describePeriod } from '../../helpers/periods';
import { dateAddress } from '../../building-blocks/links';

const address = dateAddress('financeReport');

/** Finance Report: income received, salary and expense paid in a period (default: this month). */
export function FinanceReportPage() {
  const [asked] = useState(() => address.read() ?? EMPTY_RANGE);
  const [range, setRange] = useState<DateRange>(asked);
  // Spec §8: failures of this report are logged, not shown.
  const { data, loading, run } = useReportData<{ finance: Finance; range: DateRange }>({
    log: 'Could not load the finance report',
  });

  const load = useCallback(
    (wanted: DateRange) => {
      address.write(wanted);
      // Spec §9: empty dates mean the current month.
      const filled = fillWithCurrentMonth(wanted);
      return run(async () => ({ finance: await fetchFinance(filled), range: filled }));
    },
    [run],
  );
  useEffect(() => {
    void load(asked);
  }, [load, asked]);
  /** Each card opens the journal of the entries it adds up (Credit: money received or paid). */
  const cardLink = (kind: EntryKind) =>
    data ? href('journal', { ...data.range, kind, Creditdebit: 'Credit' }) : undefined;

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
        <StatCard
          label="Income"
          value={data?.finance.income ?? 0}
          money
          href={cardLink('income')}
        />
        <StatCard
          label="Salary"
          value={data?.finance.salary ?? 0}
          money
          href={cardLink('salary')}
        />
        <StatCard
          label="Expense"
          value={data?.finance.expense ?? 0}
          money
          href={cardLink('expense')}
        />
      </div>
    </ReportLayout>
  );
}
