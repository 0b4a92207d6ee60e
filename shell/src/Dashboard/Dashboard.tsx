import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { EntryKind, Finance, Totals } from 'contract';
import {
  Button,
  DateInput,
  StatCard,
  currentMonthRange,
  fetchFinance,
  fetchTotals,
  fillWithCurrentMonth,
  href,
  logOut,
} from 'shared-ui';
import type { DateRange } from 'shared-ui';
import { takeDashboardCalls } from './dashboard-calls';

/** The signed-in home (spec §2): head-counts and the money totals of a date range. */
export function Dashboard() {
  const [range, setRange] = useState<DateRange>(() => currentMonthRange());
  const [totals, setTotals] = useState<Totals | null>(null);
  const [finance, setFinance] = useState<Finance | null>(null);
  const [shown, setShown] = useState<DateRange | null>(null);

  const showFinance = useCallback(async (call: Promise<Finance>, dates: DateRange) => {
    try {
      setFinance(await call);
      setShown(dates);
    } catch (error) {
      // Spec §8: dashboard load errors are logged only, with no message to the user.
      console.error('Could not load finance totals', error);
    }
  }, []);

  useEffect(() => {
    // Right after sign-in the page has already asked for both (see startDashboardCalls).
    const started = takeDashboardCalls();
    (started?.totals ?? fetchTotals())
      .then(setTotals)
      .catch((error: unknown) => console.error('Could not load totals', error));
    const month = fillWithCurrentMonth(currentMonthRange());
    void showFinance(started?.finance ?? fetchFinance(month), month);
  }, [showFinance]);

  /** Each money card opens the journal of the entries it adds up (Credit, the same dates). */
  const journalOf = (kind: EntryKind) =>
    shown
      ? href('journal', { from: shown.from, to: shown.to, kind, Creditdebit: 'Credit' })
      : undefined;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const dates = fillWithCurrentMonth(range);
    void showFinance(fetchFinance(dates), dates);
  };

  return (
    <div>
      <div className="shell-dashboard__header">
        <h1 className="ofs-page-title">Dashboard</h1>
        <Button variant="secondary" onClick={() => void logOut()}>
          Logout
        </Button>
      </div>
      <form className="ofs-toolbar" onSubmit={onApply} aria-label="Date range">
        <DateInput
          label="From Date"
          value={range.from}
          onChange={(from) => setRange((r) => ({ ...r, from }))}
        />
        <DateInput
          label="To Date"
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
        />
        <Button type="submit">Apply Filter</Button>
      </form>
      <div className="ofs-grid">
        <StatCard label="Total Admins" value={totals?.admins ?? 0} />
        <StatCard label="Total Employees" value={totals?.employees ?? 0} />
        <StatCard label="Total Clients" value={totals?.clients ?? 0} />
      </div>
      <div className="ofs-grid">
        <StatCard
          label="Total Income"
          value={finance?.income ?? 0}
          money
          href={journalOf('income')}
        />
        <StatCard
          label="Total Salary"
          value={finance?.salary ?? 0}
          money
          href={journalOf('salary')}
        />
        <StatCard
          label="Total Expense"
          value={finance?.expense ?? 0}
          money
          href={journalOf('expense')}
        />
      </div>
    </div>
  );
}
