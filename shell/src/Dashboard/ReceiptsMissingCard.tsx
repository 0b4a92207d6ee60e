import { StatCard, endpoints, href, messages, useApiQuery } from 'shared-ui';

/**
 * How many of this month's expenses have no receipt, opening the Journal filtered to exactly
 * those entries (issue 21). Load errors are logged only, as the dashboard's others are.
 */
export function ReceiptsMissingCard() {
  const missing = useApiQuery(endpoints.getReceiptsMissing, undefined, { onError: 'log' });
  const shown = missing.data;
  return (
    <StatCard
      label={messages.receiptsMissingThisMonth}
      value={shown?.count ?? 0}
      href={
        shown
          ? href('journal', { from: shown.from, to: shown.to, kind: 'expense', receipt: 'without' })
          : undefined
      }
    />
  );
}
