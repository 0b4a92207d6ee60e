import { AppLink, endpoints, formatRs, screens, useApiQuery } from 'shared-ui';

const registerOf = (id: number) => screens.accountRegister.path.replace(':id', String(id));

/**
 * Each money account's balance today, and the accounts not reconciled for more than 35 days
 * (issue 33), each opening its register. Load errors are logged only, as the dashboard's others are.
 */
export function AccountsCard() {
  const accounts = useApiQuery(endpoints.listAccounts, undefined, { onError: 'log' });
  const list = accounts.data?.accounts ?? [];
  if (list.length === 0) return null;
  const overdue = list.filter((account) => account.reconcileOverdue);
  return (
    <section className="ofs-card shell-dashboard__accounts" aria-label="Accounts">
      <h2 className="ofs-stat__label">Accounts</h2>
      <ul>
        {list.map((account) => (
          <li key={account.id}>
            <AppLink to={registerOf(account.id)}>{account.name}</AppLink>:{' '}
            {formatRs(account.balance)}
          </li>
        ))}
      </ul>
      {overdue.length > 0 && (
        <>
          <h3 className="ofs-stat__label">Not reconciled for more than 35 days</h3>
          <ul aria-label="Not reconciled for more than 35 days">
            {overdue.map((account) => (
              <li key={account.id}>
                {`${account.name}: reconciled through ${account.reconciledThrough ?? 'never'}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
