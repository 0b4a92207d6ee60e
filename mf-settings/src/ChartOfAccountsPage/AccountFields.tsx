import { Select, TextField } from 'shared-ui';
import type { LedgerAccount } from 'contract/browser';
import { ACCOUNT_TYPES, ORIGIN_LABELS, isKept } from './chart-tree';
import type { AccountDraft } from './useChartOfAccounts';

export interface AccountFieldsProps {
  draft: AccountDraft;
  onChange: (draft: AccountDraft) => void;
  accounts: readonly LedgerAccount[];
  /** The account being changed; absent when one is added. */
  editing?: LedgerAccount;
}

const TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({ value: type, label: type }));

/**
 * Code, name, type and parent of an account. An account kept with a money account or an
 * expense type keeps its name (it is renamed with them) and its type; one with postings keeps
 * its type.
 */
export function AccountFields({ draft, onChange, accounts, editing }: AccountFieldsProps) {
  const kept = editing !== undefined && isKept(editing);
  const typeFixed = editing !== undefined && (kept || editing.hasPostings);
  // A sub-account has its parent's type; an account is never placed under itself.
  const parents = accounts
    .filter((account) => account.type === draft.type && account.id !== editing?.id)
    .map((account) => ({ value: String(account.id), label: `${account.code} ${account.name}` }));
  return (
    <>
      <TextField
        label="Code"
        name="code"
        value={draft.code}
        maxLength={20}
        onChange={(code) => onChange({ ...draft, code })}
      />
      {kept ? (
        <p className="mf-chart__kept">
          Name: {editing.name} (kept with its {ORIGIN_LABELS[editing.origin].toLowerCase()}: renamed
          there)
        </p>
      ) : (
        <TextField
          label="Name"
          name="name"
          value={draft.name}
          maxLength={100}
          onChange={(name) => onChange({ ...draft, name })}
        />
      )}
      <Select
        label="Type"
        name="type"
        value={draft.type}
        disabled={typeFixed}
        options={TYPE_OPTIONS}
        onChange={(type) =>
          onChange({
            ...draft,
            type: ACCOUNT_TYPES.find((known) => known === type) ?? draft.type,
            parentId: '',
          })
        }
      />
      <Select
        label="Parent account"
        name="parentId"
        value={draft.parentId}
        options={parents}
        placeholder="None (a top account)"
        onChange={(parentId) => onChange({ ...draft, parentId })}
      />
    </>
  );
}
