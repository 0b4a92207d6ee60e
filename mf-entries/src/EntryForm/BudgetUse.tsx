import { endpoints, formatRs, useApiQuery } from 'shared-ui';

export interface BudgetUseProps {
  /** The expense type chosen. */
  expenseTypeId: number;
  /** The month of the entry's date, YYYY-MM. */
  month: string;
}

/**
 * How much of the month's budget the chosen expense type has used (issue 34): a help beside the
 * form; the entry is saved whether it is over or not. Nothing while it loads or fails.
 */
export function BudgetUse({ expenseTypeId, month }: BudgetUseProps) {
  const use = useApiQuery(
    endpoints.getExpenseTypeBudget,
    { params: { id: expenseTypeId }, query: { month } },
    { onError: 'log' },
  );
  const data = use.data;
  if (!data) return null;
  let text: string;
  if (data.budget === null) text = 'No budget is set for this type this month.';
  else {
    const percent = data.percentUsed === null ? '' : ` (${data.percentUsed.toFixed(2)}%)`;
    text = `Budget this month: ${formatRs(data.actual)} of ${formatRs(data.budget)} used${percent}.`;
    if (data.overBudget) text = `Over budget. ${text}`;
  }
  return (
    <p className="mf-entries__budget-use" role="status">
      {data.overBudget ? <strong>{text}</strong> : text}
    </p>
  );
}
