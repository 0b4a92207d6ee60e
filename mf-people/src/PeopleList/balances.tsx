// The balance of each client or employee beside them on Manage Clients and Manage Employees,
// each a link to their ledger. The balances come in one call (GET /api/ledgers/balances, read
// from the monthly roll-ups), beside the spec's list call, whose answer stays as it is.
import { useMemo } from 'react';
import {
  AppLink,
  endpoints,
  formatRs,
  fromCents,
  href,
  toCents,
  useApiQuery,
  yearToDate,
} from 'shared-ui';
import type { Money, TableColumn } from 'shared-ui';
import type { PersonRecord } from '../PeopleScreen/types';

export type BalanceLedger = 'client' | 'employee';

/** A client's balance in words: what they owe us, or what we hold in their credit. */
export function clientBalanceText(balance: Money): string {
  const cents = toCents(balance) ?? 0n;
  if (cents > 0n) return `Owes us ${formatRs(balance)}`;
  if (cents < 0n) return `In credit ${formatRs(fromCents(-cents))}`;
  return formatRs(0);
}

/** An employee's balance as the employee ledger ends: everything paid to them. */
export const employeeBalanceText = (balance: Money): string => formatRs(balance);

const TEXT: Record<BalanceLedger, (balance: Money) => string> = {
  client: clientBalanceText,
  employee: employeeBalanceText,
};

/** The ledger of a client or employee, on this year up to today. */
const ledgerOf = (ledger: BalanceLedger, id: number) => {
  const { from, to } = yearToDate();
  return ledger === 'client'
    ? href('clientLedger', { clientId: id, startDate: from, endDate: to })
    : href('employeeLedger', { employeeId: id, startDate: from, endDate: to });
};

/** The Balance column of a list of clients or employees (none for users). */
export function useBalanceColumn<Row extends PersonRecord & { name?: string }>(
  ledger: BalanceLedger | undefined,
): TableColumn<Row> | undefined {
  const answer = useApiQuery(
    endpoints.listPartyBalances,
    { query: { ledger: ledger ?? 'client' } },
    { enabled: ledger !== undefined, onError: 'log' },
  );
  const byId = useMemo(
    () => new Map((answer.data?.balances ?? []).map(({ id, balance }) => [id, balance])),
    [answer.data],
  );
  if (!ledger) return undefined;
  return {
    key: 'balance',
    header: 'Balance',
    kind: 'money',
    card: 'figure',
    render: (row) => {
      if (!answer.data) return '';
      const text = TEXT[ledger](byId.get(row.id) ?? 0);
      return (
        <AppLink to={ledgerOf(ledger, row.id)}>
          {text}
          <span className="ofs-visually-hidden">, ledger of {row.name ?? ''}</span>
        </AppLink>
      );
    },
  };
}
