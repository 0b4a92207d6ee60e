import { endpoints, useApiQuery } from 'shared-ui';

/** The money accounts as picker options, and the default one's id. */
export function useAccountOptions() {
  const accounts = useApiQuery(endpoints.listAccounts, undefined, { onError: 'quiet' });
  const list = accounts.data?.accounts ?? [];
  return {
    accounts: list,
    options: list.map((account) => ({ value: String(account.id), label: account.name })),
    defaultId: list.find((account) => account.isDefault)?.id,
  };
}
