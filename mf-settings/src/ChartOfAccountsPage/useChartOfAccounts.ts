// The data of the chart of accounts: the accounts with their balances, and the writes on them
// (add, change, close, reopen), each alerting the server's message. A write refreshes the list
// through the cache (the contract's topics).
import type { LedgerAccount, LedgerAccountBody } from 'contract/browser';
import { confirm, endpoints, useApiQuery, useApiWrite } from 'shared-ui';

const NO_ACCOUNTS: LedgerAccount[] = [];

/** What the form holds: the body as typed. */
export interface AccountDraft {
  code: string;
  name: string;
  type: LedgerAccount['type'];
  /** '' for none. */
  parentId: string;
}

export const bodyOf = (draft: AccountDraft, closed?: boolean): LedgerAccountBody => ({
  code: draft.code.trim(),
  name: draft.name.trim(),
  type: draft.type,
  parentId: draft.parentId ? Number(draft.parentId) : null,
  ...(closed === undefined ? {} : { closed }),
});

export const draftOf = (account: LedgerAccount): AccountDraft => ({
  code: account.code,
  name: account.name,
  type: account.type,
  parentId: account.parentId === null ? '' : String(account.parentId),
});

export function useChartOfAccounts() {
  const list = useApiQuery(endpoints.listLedgerAccounts, undefined);
  const create = useApiWrite(endpoints.createLedgerAccount, {
    success: (answer) => answer.message,
  });
  const update = useApiWrite(endpoints.updateLedgerAccount, {
    success: (answer) => answer.message,
  });

  /** Adds an account; true when it was added (the form then clears). */
  const addAccount = async (draft: AccountDraft) => (await create.run({ body: bodyOf(draft) })).ok;

  /** Saves an account's code, name, type and parent; true when saved. */
  const saveAccount = async (account: LedgerAccount, draft: AccountDraft) =>
    (await update.run({ params: { id: account.id }, body: bodyOf(draft, account.closed) })).ok;

  /** Closes an open account (asked first) or reopens a closed one. */
  const toggleClosed = async (account: LedgerAccount) => {
    const closing = !account.closed;
    if (
      closing &&
      !confirm(
        `Close ${account.code} ${account.name}? It keeps its postings and takes no new ones.`,
      )
    )
      return;
    await update.run({ params: { id: account.id }, body: bodyOf(draftOf(account), closing) });
  };

  return {
    accounts: list.data?.accounts ?? NO_ACCOUNTS,
    loading: list.isPending,
    adding: create.isPending,
    /** The account whose change is in flight. */
    busyId: update.pending?.params.id,
    addAccount,
    saveAccount,
    toggleClosed,
  };
}
