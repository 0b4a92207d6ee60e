// The chart of accounts as a tree: each type's accounts in code order, each sub-account right
// after its parent, with how deep it sits.
import type { LedgerAccount, LedgerAccountType } from 'contract/browser';

export const ACCOUNT_TYPES: readonly LedgerAccountType[] = [
  'Asset',
  'Liability',
  'Equity',
  'Income',
  'Expense',
];

/** The table of a type: Asset accounts, Liability accounts... */
export const typeCaption = (type: LedgerAccountType) => `${type} accounts`;

export interface TreeRow {
  account: LedgerAccount;
  /** 0 for a top account, 1 for its sub-accounts, and so on. */
  depth: number;
}

const byCode = (a: LedgerAccount, b: LedgerAccount) =>
  a.code.localeCompare(b.code, 'en', { numeric: true });

/** The accounts of one type, parents before their sub-accounts. */
export function treeOf(accounts: readonly LedgerAccount[], type: LedgerAccountType): TreeRow[] {
  const ofType = accounts.filter((account) => account.type === type).sort(byCode);
  const ids = new Set(ofType.map((account) => account.id));
  const children = new Map<number | null, LedgerAccount[]>();
  for (const account of ofType) {
    // A parent not in the list (another type, which the server refuses) leaves it at the top.
    const parent = account.parentId !== null && ids.has(account.parentId) ? account.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), account]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const account of children.get(parent) ?? []) {
      if (seen.has(account.id)) continue;
      seen.add(account.id);
      rows.push({ account, depth });
      walk(account.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** Where an account comes from, as the screen says it. */
export const ORIGIN_LABELS: Record<LedgerAccount['origin'], string> = {
  'money account': 'Money account',
  'expense type': 'Expense type',
  chart: 'Starting chart',
  added: 'Added',
};

/** Kept with a money account or an expense type: renamed and closed with it, not here. */
export const isKept = (account: LedgerAccount) =>
  account.origin === 'money account' || account.origin === 'expense type';
