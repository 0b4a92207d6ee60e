// The money accounts (issue 33): each with its kind, bank, balance today and the day it is
// reconciled through; admins add and change them (one is the Default). One component for the
// Accounts screen of the entries and the Accounts tab of Settings.
import { useState, type ReactNode } from 'react';
import {
  ACCOUNT_KINDS,
  OFFICE_CURRENCY,
  SIGNED_AMOUNT_PATTERN,
  type Account,
  type AccountBody,
  type AccountKind,
} from 'contract/browser';
import { endpoints, messages } from 'contract/browser';
import { formatRs, plainMoney } from 'contract/browser';
import { useApiQuery } from '../../data/api-query';
import { useApiWrite } from '../../data/useApiWrite';
import { notify } from '../../notify/notify';
import { useIsAdmin } from '../../session/current-user';
import { toIsoDate } from '../../dates/dates';
import { Button } from '../Button';
import { DateInput } from '../DateInput';
import { Checkbox, TextField } from '../Field';
import { SaveDialog } from '../Modal';
import { Select } from '../Select';
import { Table, type TableColumn } from '../Table';

const KIND_OPTIONS = ACCOUNT_KINDS.map((kind) => ({ value: kind, label: kind }));

interface Draft {
  name: string;
  kind: AccountKind;
  bankName: string;
  last4: string;
  openingBalance: string;
  openingDate: string;
  isDefault: boolean;
  /** ISO 4217: the currency its statements are in. */
  currency: string;
  /** Needed to change the opening balance or day of a reconciled account. */
  reason: string;
}

const emptyDraft = (): Draft => ({
  name: '',
  kind: 'Bank',
  bankName: '',
  last4: '',
  openingBalance: '0',
  openingDate: toIsoDate(new Date()),
  isDefault: false,
  currency: OFFICE_CURRENCY,
  reason: '',
});

const draftOf = (account: Account): Draft => ({
  name: account.name,
  kind: account.kind,
  bankName: account.bankName ?? '',
  last4: account.last4 ?? '',
  openingBalance: plainMoney(account.openingBalance),
  openingDate: account.openingDate,
  isDefault: account.isDefault,
  currency: account.currency,
  reason: '',
});

/** The form's draft as the call takes it, or the text of what is wrong with it. */
export function accountBody(draft: Draft): AccountBody | string {
  const name = draft.name.trim();
  const opening = draft.openingBalance.trim().replace(/,/g, '');
  if (name === '' || draft.openingDate === '') return messages.fillAllFields;
  if (!new RegExp(SIGNED_AMOUNT_PATTERN).test(opening))
    return 'Enter a valid opening balance (at most 2 decimals)';
  if (draft.last4 !== '' && !/^[0-9]{4}$/.test(draft.last4))
    return 'Last 4 digits: four digits, or leave it empty';
  const currency = draft.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return 'Currency: three letters, such as PKR, USD or EUR';
  return {
    name,
    kind: draft.kind,
    bankName: draft.bankName.trim() === '' ? null : draft.bankName.trim(),
    last4: draft.last4 === '' ? null : draft.last4,
    openingBalance: opening,
    openingDate: draft.openingDate,
    isDefault: draft.isDefault,
    currency,
    ...(draft.reason.trim() === '' ? {} : { reason: draft.reason.trim() }),
  };
}

/** The bank and the last four digits, as the list shows them. */
export const bankOf = (account: Pick<Account, 'bankName' | 'last4'>) =>
  [account.bankName, account.last4 ? `…${account.last4}` : null].filter(Boolean).join(' ');

export interface AccountsAdminProps {
  /** What the name cell shows (a link to the account's register); the plain name if absent. */
  renderName?: (account: Account) => ReactNode;
}

/** The list of the money accounts; for admins, Add account and Edit. */
export function AccountsAdmin({ renderName }: AccountsAdminProps) {
  const accounts = useApiQuery(endpoints.listAccounts, undefined, { refetchOnMount: 'always' });
  const isAdmin = useIsAdmin();
  // undefined: closed; null: a new account; else the account edited.
  const [editing, setEditing] = useState<Account | null | undefined>();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const said = { success: (answer: { message: string }) => answer.message };
  const create = useApiWrite(endpoints.createAccount, said);
  const update = useApiWrite(endpoints.updateAccount, said);
  const set = (next: Partial<Draft>) => setDraft((all) => ({ ...all, ...next }));

  const open = (account: Account | null) => {
    setDraft(account ? draftOf(account) : emptyDraft());
    setEditing(account);
  };
  const save = async () => {
    const body = accountBody(draft);
    if (typeof body === 'string') return notify(body);
    const outcome = editing
      ? await update.run({ params: { id: editing.id }, body })
      : await create.run({ body });
    if (outcome.ok) setEditing(undefined);
  };

  const columns: Array<TableColumn<Account>> = [
    { key: 'name', header: 'Name', render: (row) => (renderName ? renderName(row) : row.name) },
    { key: 'kind', header: 'Kind', value: (row) => row.kind },
    { key: 'bank', header: 'Bank', value: bankOf },
    { key: 'currency', header: 'Currency', value: (row) => row.currency },
    { key: 'balance', header: 'Balance today', value: (row) => formatRs(row.balance) },
    {
      key: 'reconciled',
      header: 'Reconciled through',
      value: (row) => row.reconciledThrough ?? 'Never',
    },
    { key: 'default', header: 'Default', value: (row) => (row.isDefault ? 'Default' : '') },
    ...(isAdmin
      ? [
          {
            key: 'edit',
            header: 'Actions',
            render: (row: Account) => (
              <Button variant="secondary" onClick={() => open(row)} aria-label={`Edit ${row.name}`}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  const busy = create.isPending || update.isPending;
  return (
    <div className="ofs-accounts">
      <Table
        caption="Accounts"
        columns={columns}
        rows={accounts.data?.accounts ?? []}
        rowKey={(row) => row.id}
        loading={accounts.isPending}
        emptyText="No accounts"
      />
      {isAdmin && <Button onClick={() => open(null)}>Add account</Button>}
      <SaveDialog
        open={editing !== undefined}
        title={editing ? `Edit account ${editing.name}` : 'Add account'}
        onClose={() => setEditing(undefined)}
        busy={busy}
        onSave={() => void save()}
      >
        <TextField label="Name" value={draft.name} onChange={(name) => set({ name })} />
        <Select
          label="Kind"
          value={draft.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => set({ kind: kind as AccountKind })}
        />
        <TextField
          label="Bank name"
          value={draft.bankName}
          onChange={(bankName) => set({ bankName })}
        />
        <TextField
          label="Last 4 digits"
          inputMode="numeric"
          maxLength={4}
          value={draft.last4}
          onChange={(last4) => set({ last4 })}
        />
        <TextField
          label="Opening balance"
          inputMode="decimal"
          value={draft.openingBalance}
          onChange={(openingBalance) => set({ openingBalance })}
        />
        <DateInput
          label="Opening balance date"
          value={draft.openingDate}
          onChange={(openingDate) => set({ openingDate })}
        />
        <TextField
          label="Currency"
          value={draft.currency}
          onChange={(currency) => set({ currency })}
        />
        <Checkbox
          label="Default"
          checked={draft.isDefault}
          onChange={(isDefault) => set({ isDefault })}
        />
        {editing?.reconciledThrough && (
          <TextField
            label={`Reason to change the opening balance or date (reconciled through ${editing.reconciledThrough})`}
            value={draft.reason}
            onChange={(reason) => set({ reason })}
          />
        )}
      </SaveDialog>
    </div>
  );
}
