import type { FormEvent } from 'react';
import type { CompareChoice, EntryKind } from 'contract/browser';
import {
  Button,
  DateInput,
  FinanceCards,
  PeriodPresets,
  Select,
  StatCard,
  href,
  logOut,
} from 'shared-ui';
import { useDashboard } from './useDashboard';
import { ReceiptsMissingCard } from './ReceiptsMissingCard';
import { OverBudgetList } from './OverBudgetList';
import { AccountsCard } from './AccountsCard';
import { GetStarted } from './GetStarted';

const FINANCE_LABELS = {
  income: 'Total Income',
  salary: 'Total Salary',
  expense: 'Total Expense',
  profitLoss: 'Profit/Loss',
} as const;

const COMPARE_LABELS: Record<CompareChoice, string> = {
  none: 'None',
  previous: 'Previous period',
  lastYear: 'Same period last year',
};

/** The signed-in home (docs/product.md#screens-and-routes): head-counts and the money totals of a date range. */
export function Dashboard() {
  const { range, setRange, compare, setCompare, shownCompare, apply, totals, finance, shown } =
    useDashboard();

  /** Each money card opens the journal of the entries it adds up (Credit, the same dates). */
  const journalOf = (kind: EntryKind) =>
    shown
      ? href('journal', { from: shown.from, to: shown.to, kind, Creditdebit: 'Credit' })
      : undefined;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  return (
    <div>
      <div className="shell-dashboard__header">
        <h1 className="ofs-page-title">Dashboard</h1>
        <Button variant="secondary" onClick={() => void logOut()}>
          Logout
        </Button>
      </div>
      <GetStarted />
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
        <Select
          label="Compare with"
          name="compare"
          value={compare}
          onChange={(value) => setCompare(value as CompareChoice)}
          options={(['none', 'previous', 'lastYear'] as const).map((value) => ({
            value,
            label: COMPARE_LABELS[value],
          }))}
        />
        <Button type="submit">Apply Filter</Button>
        <PeriodPresets range={range} onPick={apply} />
      </form>
      {/* On a phone the money figures come first (Layout.css). */}
      <div className="shell-dashboard__figures">
        <div className="ofs-grid shell-dashboard__counts">
          <StatCard label="Total Admins" value={totals?.admins ?? 0} />
          <StatCard label="Total Employees" value={totals?.employees ?? 0} />
          <StatCard label="Total Clients" value={totals?.clients ?? 0} />
          <ReceiptsMissingCard />
        </div>
        <FinanceCards
          finance={finance}
          labels={FINANCE_LABELS}
          hrefOf={journalOf}
          compareLabel={shownCompare ? COMPARE_LABELS[shownCompare] : undefined}
        />
      </div>
      <OverBudgetList />
      <AccountsCard />
    </div>
  );
}
