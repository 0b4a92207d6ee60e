import { useState } from 'react';
import { Link } from 'react-router';
import type { RegisterRow } from 'contract/browser';
import {
  Button,
  ListPager,
  Table,
  endpoints,
  formatMoney,
  formatRs,
  keepPreviousData,
  notify,
  useApiQuery,
  useApiWrite,
  useCanWrite,
  useScreenQuery,
  useSetScreenQuery,
  type TableColumn,
} from 'shared-ui';
import { KINDS } from '../JournalPage/journal-kinds';
import { reconcilePath, useAccountId } from '../AccountsPage/account-paths';
import { ReversalDialog } from '../ReversalDialog';
import { StatementImport } from './StatementImport';
import { StatementImports } from './StatementImports';
import '../AccountsPage/AccountsPage.css';

export const REGISTER_PAGE_SIZE = 50;

const stateOf = (row: RegisterRow) =>
  row.reconciled ? 'Reconciled' : row.matched ? 'Matched' : '';

/**
 * An account's register (/Accounts/:id): every money movement, newest first as the journal, with
 * the balance after each, which are matched to the statement and reconciled, and the balance
 * today at the top. Import statement and Reconcile start from here.
 */
export function AccountRegisterPage() {
  const id = useAccountId();
  const { after } = useScreenQuery('accountRegister');
  const setQuery = useSetScreenQuery('accountRegister');
  const canWrite = useCanWrite() === true;
  const register = useApiQuery(
    endpoints.getRegister,
    { params: { id: id ?? 0 }, query: { limit: REGISTER_PAGE_SIZE, ...(after ? { after } : {}) } },
    { enabled: id !== undefined, placeholderData: keepPreviousData, refetchOnMount: 'always' },
  );
  const [reversing, setReversing] = useState<RegisterRow | undefined>();
  const reverse = useApiWrite(endpoints.reverseTransfer, {
    success: (answer) => answer.message,
    onSuccess: () => setReversing(undefined),
  });

  if (id === undefined) return <p role="alert">Account not found</p>;
  const page = register.data;
  const account = page?.account;

  const columns: Array<TableColumn<RegisterRow>> = [
    { key: 'date', header: 'Date', value: (row) => row.date },
    {
      key: 'kind',
      header: 'Kind',
      value: (row) => (row.kind ? KINDS[row.kind].label : 'Transfer'),
    },
    { key: 'name', header: 'Name', value: (row) => row.name },
    { key: 'description', header: 'Description', value: (row) => row.description },
    { key: 'amount', header: 'Amount', kind: 'money', render: (row) => formatMoney(row.amount) },
    { key: 'balance', header: 'Balance', kind: 'money', render: (row) => formatMoney(row.balance) },
    { key: 'state', header: 'Reconciled', value: stateOf },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (row: RegisterRow) =>
              row.source === 'transfer' ? (
                <Button
                  variant="secondary"
                  aria-label={`Reverse transfer #${row.id}`}
                  onClick={() => setReversing(row)}
                >
                  Reverse
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <section className="mf-register">
      <h1 className="ofs-page-title">{account ? account.name : 'Account'}</h1>
      {account && (
        <dl className="mf-register__figures">
          <dt>Balance today</dt>
          <dd>{formatRs(page.balance)}</dd>
          <dt>Reconciled through</dt>
          <dd>{account.reconciledThrough ?? 'Not reconciled yet'}</dd>
        </dl>
      )}
      <p className="mf-accounts__actions">
        <Link to={reconcilePath(id)}>Reconcile</Link>
      </p>
      {canWrite && <StatementImport accountId={id} />}
      <StatementImports accountId={id} canWrite={canWrite} />
      <Table
        caption="Register"
        columns={columns}
        rows={page?.rows ?? []}
        rowKey={(row) => `${row.source}-${row.id}-${row.amount}`}
        loading={register.isPending}
        emptyText="No money movements"
      />
      <ListPager
        label="Pages"
        firstLabel="First page"
        onFirst={after ? () => setQuery({}) : undefined}
        nextLabel="Next page"
        onNext={page?.next ? () => setQuery({ after: page.next ?? undefined }) : undefined}
      />
      <ReversalDialog
        what="transfer"
        subject={reversing}
        busy={reverse.isPending}
        onClose={() => setReversing(undefined)}
        onConfirm={(reason) => {
          if (!reversing) return;
          if (reason === '') return notify('Please enter a reason');
          void reverse.run({ params: { id: reversing.id }, body: { reason } });
        }}
      >
        {reversing && (
          <p>
            {`Transfer ${formatRs(reversing.amount)} on ${reversing.date} (${reversing.name}). ` +
              'A reversal moves the money back; the transfer stays in the register.'}
          </p>
        )}
      </ReversalDialog>
    </section>
  );
}
