import { useState } from 'react';
import type { CSSProperties, FormEvent } from 'react';
import type { LedgerAccount, LedgerAccountType } from 'contract/browser';
import { Button, Modal, Table, useIsAdmin } from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { AccountFields } from './AccountFields';
import { ACCOUNT_TYPES, ORIGIN_LABELS, isKept, treeOf, typeCaption } from './chart-tree';
import type { TreeRow } from './chart-tree';
import { draftOf, useChartOfAccounts } from './useChartOfAccounts';
import type { AccountDraft } from './useChartOfAccounts';
import './ChartOfAccountsPage.css';

const EMPTY: AccountDraft = { code: '', name: '', type: 'Asset', parentId: '' };

const nameCell = ({ account, depth }: TreeRow) =>
  depth === 0 ? (
    account.name
  ) : (
    <span className="mf-chart__name--sub" style={{ '--mf-chart-depth': depth } as CSSProperties}>
      {account.name}
    </span>
  );

function columns(
  admin: boolean,
  busyId: number | undefined,
  onEdit: (account: LedgerAccount) => void,
  onToggle: (account: LedgerAccount) => void,
): Array<TableColumn<TreeRow>> {
  const list: Array<TableColumn<TreeRow>> = [
    { key: 'code', header: 'Code', value: (row) => row.account.code },
    {
      key: 'name',
      header: 'Name',
      value: (row) => row.account.name,
      render: nameCell,
      card: 'lead',
    },
    { key: 'origin', header: 'From', value: (row) => ORIGIN_LABELS[row.account.origin] },
    {
      key: 'balance',
      header: 'Balance (RS)',
      kind: 'money',
      value: (row) => row.account.balance,
      card: 'figure',
    },
    { key: 'status', header: 'Status', value: (row) => (row.account.closed ? 'Closed' : 'Open') },
  ];
  if (admin)
    list.push({
      key: 'actions',
      header: 'Actions',
      render: ({ account }) => (
        <div className="mf-chart__actions">
          <Button
            variant="secondary"
            disabled={busyId !== undefined}
            aria-label={`Edit ${account.code} ${account.name}`}
            onClick={() => onEdit(account)}
          >
            Edit
          </Button>
          {!isKept(account) && (
            <Button
              variant="secondary"
              busy={busyId === account.id}
              busyLabel="Saving..."
              disabled={busyId !== undefined}
              aria-label={`${account.closed ? 'Reopen' : 'Close'} ${account.code} ${account.name}`}
              onClick={() => onToggle(account)}
            >
              {account.closed ? 'Reopen' : 'Close'}
            </Button>
          )}
        </div>
      ),
    });
  return list;
}

/**
 * The chart of accounts (/ChartOfAccounts): every ledger account by type, sub-accounts under
 * their parent, with its balance today. Admins add, change, close and reopen accounts; the
 * accounts kept with a money account or an expense type are renamed and closed with them.
 */
export function ChartOfAccountsPage() {
  const admin = useIsAdmin();
  const chart = useChartOfAccounts();
  const [draft, setDraft] = useState<AccountDraft>(EMPTY);
  const [editing, setEditing] = useState<{ account: LedgerAccount; draft: AccountDraft }>();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (await chart.addAccount(draft)) setDraft({ ...EMPTY, type: draft.type });
  };
  const onSave = async () => {
    if (editing && (await chart.saveAccount(editing.account, editing.draft))) setEditing(undefined);
  };
  const tableColumns = columns(
    admin,
    chart.busyId,
    (account) => setEditing({ account, draft: draftOf(account) }),
    (account) => void chart.toggleClosed(account),
  );

  return (
    <div>
      <h1 className="ofs-page-title">Chart of accounts</h1>
      {admin && (
        <section aria-labelledby="mf-chart-add">
          <h2 id="mf-chart-add">Add an account</h2>
          <form className="ofs-toolbar" onSubmit={(event) => void onAdd(event)}>
            <AccountFields draft={draft} onChange={setDraft} accounts={chart.accounts} />
            <Button type="submit" busy={chart.adding} busyLabel="Adding...">
              Add account
            </Button>
          </form>
        </section>
      )}
      {ACCOUNT_TYPES.map((type: LedgerAccountType) => (
        <section key={type} className="mf-chart__type" aria-labelledby={`mf-chart-${type}`}>
          <h2 id={`mf-chart-${type}`}>{type}</h2>
          <Table
            caption={typeCaption(type)}
            columns={tableColumns}
            rows={treeOf(chart.accounts, type)}
            rowKey={(row) => row.account.id}
            loading={chart.loading}
            emptyText="No accounts of this type"
          />
        </section>
      ))}
      <Modal
        open={editing !== undefined}
        title={editing ? `Edit ${editing.account.code} ${editing.account.name}` : ''}
        onClose={() => setEditing(undefined)}
        closeDisabled={chart.busyId !== undefined}
        actions={
          <Button
            busy={chart.busyId !== undefined}
            busyLabel="Saving..."
            onClick={() => void onSave()}
          >
            Save
          </Button>
        }
      >
        {editing && (
          <AccountFields
            draft={editing.draft}
            onChange={(next) => setEditing({ ...editing, draft: next })}
            accounts={chart.accounts}
            editing={editing.account}
          />
        )}
      </Modal>
    </div>
  );
}
