import {
  clerkMessages,
  compareMoney,
  endpoints,
  formatRs,
  subtractMoney,
  useApiQuery,
} from 'shared-ui';

export interface ClientBalanceProps {
  clientId: number;
}

/**
 * Beside the Income form's client picker (issue 32): what the chosen client owes today, or has
 * in credit, exact to the cent. Nothing while it loads or fails: the form works without it.
 */
export function ClientBalance({ clientId }: ClientBalanceProps) {
  const balance = useApiQuery(
    endpoints.getClientBalance,
    { params: { id: clientId } },
    { onError: 'log' },
  );
  const data = balance.data;
  if (!data) return null;
  const sign = compareMoney(data.balance, 0);
  const text =
    sign > 0
      ? `${formatRs(data.balance)} (owes us)`
      : sign < 0
        ? `${formatRs(subtractMoney(0, data.balance))} (in credit)`
        : formatRs(0);
  return (
    <p className="mf-entries__balance" role="status">
      {clerkMessages.balanceLabel}: {text}
    </p>
  );
}
