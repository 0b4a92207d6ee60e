import { AppLink, endpoints, formatRs, href, useApiQuery } from 'shared-ui';

/**
 * The expense types over their budget this month, each opening the Budget vs actual report of
 * the month; nothing while none is. Load errors are logged only, as the dashboard's others are.
 */
export function OverBudgetList() {
  const over = useApiQuery(endpoints.getOverBudget, undefined, { onError: 'log' });
  const rows = over.data?.rows ?? [];
  if (!over.data || rows.length === 0) return null;
  const month = over.data.month;
  return (
    <section className="ofs-card shell-dashboard__over-budget" aria-label="Over budget this month">
      <h2 className="ofs-stat__label">Over budget this month</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.expenseTypeId}>
            <AppLink to={href('budgetReport', { month })}>{row.expenseType}</AppLink>:{' '}
            {formatRs(row.actual)} of {formatRs(row.budget)}
            {row.percentUsed === null ? '' : ` (${row.percentUsed.toFixed(2)}% used)`}
          </li>
        ))}
      </ul>
    </section>
  );
}
