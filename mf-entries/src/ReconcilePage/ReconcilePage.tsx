import { useState } from 'react';
import { Link } from 'react-router';
import type { StatementLine, Suggestion, WorklistEntry, WorklistTransfer } from 'contract';
import {
  Button,
  Checkbox,
  ReasonDialog,
  confirm,
  Table,
  formatMoney,
  formatRs,
  notify,
  useCanWrite,
  useIsAdmin,
  type TableColumn,
} from 'shared-ui';
import { registerPath, useAccountId } from '../AccountsPage/account-paths';
import { KINDS } from '../JournalPage/journal-kinds';
import { CreateEntryDialog } from './CreateEntryDialog';
import { ReconciledForm } from './ReconciledForm';
import { useReconcile, type Reconcile } from './useReconcile';
import '../AccountsPage/AccountsPage.css';
import './ReconcilePage.css';

/** What a reason is asked for: excluding a line, undoing its match, or undoing its exclusion. */
interface Pending {
  line: StatementLine;
  action: 'exclude' | 'undo' | 'unexclude';
}

/** The reason dialog of each action: its title and its button. */
const ASKS = {
  exclude: 'Exclude line',
  undo: 'Undo match',
  unexclude: 'Undo exclude',
} as const;
const ACTS = { exclude: 'Exclude', undo: 'Undo match', unexclude: 'Undo exclude' } as const;

/** A line as a button's accessible name names it: its day, description and amount. */
const lineName = (line: StatementLine) =>
  `${line.date} ${line.description} ${formatMoney(line.amount)}`;

const entryText = (entry: WorklistEntry) =>
  `#${entry.id} ${entry.date} ${KINDS[entry.kind].label} ${entry.partyName} ${formatMoney(entry.amount)}`;

const transferText = (transfer: WorklistTransfer) =>
  `Transfer #${transfer.id} ${transfer.date} ${transfer.amount < 0 ? 'to' : 'from'} ` +
  `${transfer.accountName} ${formatMoney(transfer.amount)}`;

const statusText = (line: StatementLine) =>
  line.status === 'excluded'
    ? `Excluded: ${line.excludedReason ?? ''}`
    : line.status === 'matched'
      ? line.reconciled
        ? 'Reconciled'
        : 'Matched'
      : 'Unmatched';

/**
 * Reconcile (/Accounts/:id/reconcile): the account's statement lines not yet matched on the left,
 * its entries and transfers not yet matched on the right; suggestions per line (entries, or a
 * transfer with another money account) with Accept, Accept all suggested, Create entry from a
 * line, Exclude with a reason and Undo exclude, undo a match, and Mark reconciled through a day
 * with the statement's closing balance. Viewers see it read-only.
 */
export function ReconcilePage() {
  const id = useAccountId();
  if (id === undefined) return <p role="alert">Account not found</p>;
  return <ReconcileScreen id={id} />;
}

function ReconcileScreen({ id }: { id: number }) {
  const reconcile = useReconcile(id);
  const canWrite = useCanWrite() === true;
  const isAdmin = useIsAdmin();
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenTransfers, setChosenTransfers] = useState<number[]>([]);
  const [creating, setCreating] = useState<StatementLine | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const entries = new Map(reconcile.entries.map((entry) => [entry.id, entry]));
  const transfers = new Map(reconcile.transfers.map((transfer) => [transfer.id, transfer]));
  /** The entries and transfers of a match or a suggestion, in words. */
  const describe = ({ entryIds, transferIds }: Pick<Suggestion, 'entryIds' | 'transferIds'>) =>
    [
      ...entryIds.map((entryId) =>
        entries.has(entryId) ? entryText(entries.get(entryId)!) : `#${entryId}`,
      ),
      ...transferIds.map((transferId) =>
        transfers.has(transferId)
          ? transferText(transfers.get(transferId)!)
          : `Transfer #${transferId}`,
      ),
    ].join(', ');

  const lineColumns: Array<TableColumn<StatementLine>> = [
    { key: 'date', header: 'Date', value: (line) => line.date },
    { key: 'amount', header: 'Amount', kind: 'money', render: (line) => formatMoney(line.amount) },
    { key: 'description', header: 'Description', value: (line) => line.description },
    { key: 'reference', header: 'Reference', value: (line) => line.reference },
    { key: 'status', header: 'Status', value: statusText },
    {
      key: 'suggestions',
      header: 'Suggestions',
      render: (line) =>
        line.status === 'matched' ? (
          describe(line)
        ) : (
          <ul className="mf-reconcile__suggestions">
            {line.suggestions.map((suggestion) => (
              <li key={`${suggestion.entryIds.join('-')}t${suggestion.transferIds.join('-')}`}>
                {`${describe(suggestion)} (${suggestion.score}${suggestion.strong ? ', strong' : ''})`}{' '}
                {canWrite && line.status === 'unmatched' && (
                  <Button
                    variant="secondary"
                    disabled={reconcile.busy}
                    aria-label={`Accept ${describe(suggestion)} for line ${line.description}`}
                    onClick={() =>
                      void reconcile.accept(line, suggestion.entryIds, suggestion.transferIds)
                    }
                  >
                    Accept
                  </Button>
                )}
              </li>
            ))}
            {line.proposal && <li>{`Rule: ${line.proposal.description}`}</li>}
          </ul>
        ),
    },
    ...(canWrite
      ? [{ key: 'actions', header: 'Actions', render: (line: StatementLine) => actionsOf(line) }]
      : []),
  ];

  function actionsOf(line: StatementLine) {
    if (line.status === 'matched')
      return line.reconciled && !isAdmin ? null : (
        <Button variant="secondary" onClick={() => setPending({ line, action: 'undo' })}>
          Undo match
        </Button>
      );
    if (line.status === 'excluded')
      return (
        <Button
          variant="secondary"
          aria-label={`Undo exclude ${lineName(line)}`}
          onClick={() => setPending({ line, action: 'unexclude' })}
        >
          Undo exclude
        </Button>
      );
    if (line.status !== 'unmatched') return null;
    return (
      <span className="mf-accounts__actions">
        {chosen.length + chosenTransfers.length > 0 && (
          <Button
            variant="secondary"
            disabled={reconcile.busy}
            onClick={() => void matchByHand(line)}
          >
            Match chosen entries
          </Button>
        )}
        <Button variant="secondary" onClick={() => setCreating(line)}>
          Create entry
        </Button>
        <Button variant="secondary" onClick={() => setPending({ line, action: 'exclude' })}>
          Exclude
        </Button>
      </span>
    );
  }

  /** Matches the line to the entries and transfers chosen, then offers to make a rule of it. */
  const matchByHand = async (line: StatementLine) => {
    const first = entries.get(chosen[0]!);
    if (!(await reconcile.accept(line, chosen, chosenTransfers))) return;
    setChosen([]);
    setChosenTransfers([]);
    if (
      first &&
      line.description.trim() !== '' &&
      confirm(
        `Make a rule from this line? Lines whose description contains "${line.description}" ` +
          `will propose ${KINDS[first.kind].label}, ${first.partyName}.`,
      )
    )
      await reconcile.makeRule(line, first);
  };

  const flip = (id: number) => (now: number[]) =>
    now.includes(id) ? now.filter((one) => one !== id) : [...now, id];
  const toggle = (entryId: number) => setChosen(flip(entryId));
  const entryColumns: Array<TableColumn<WorklistEntry>> = [
    ...(canWrite
      ? [
          {
            key: 'choose',
            header: 'Choose',
            render: (entry: WorklistEntry) => (
              <input
                type="checkbox"
                aria-label={`Choose entry #${entry.id}`}
                checked={chosen.includes(entry.id)}
                onChange={() => toggle(entry.id)}
              />
            ),
          },
        ]
      : []),
    { key: 'id', header: 'No.', value: (entry) => `#${entry.id}` },
    { key: 'date', header: 'Date', value: (entry) => entry.date },
    { key: 'kind', header: 'Kind', value: (entry) => KINDS[entry.kind].label },
    { key: 'party', header: 'Party', value: (entry) => entry.partyName },
    { key: 'description', header: 'Description', value: (entry) => entry.description },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      render: (entry) => formatMoney(entry.amount),
    },
  ];

  const transferColumns: Array<TableColumn<WorklistTransfer>> = [
    ...(canWrite
      ? [
          {
            key: 'choose',
            header: 'Choose',
            render: (transfer: WorklistTransfer) => (
              <input
                type="checkbox"
                aria-label={`Choose transfer #${transfer.id}`}
                checked={chosenTransfers.includes(transfer.id)}
                onChange={() => setChosenTransfers(flip(transfer.id))}
              />
            ),
          },
        ]
      : []),
    { key: 'id', header: 'No.', value: (transfer) => `#${transfer.id}` },
    { key: 'date', header: 'Date', value: (transfer) => transfer.date },
    {
      key: 'account',
      header: 'Other account',
      value: (transfer) => `${transfer.amount < 0 ? 'To' : 'From'} ${transfer.accountName}`,
    },
    { key: 'description', header: 'Description', value: (transfer) => transfer.description },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      render: (transfer) => formatMoney(transfer.amount),
    },
  ];

  return (
    <section className="mf-reconcile">
      <h1 className="ofs-page-title">
        {reconcile.account ? `Reconcile ${reconcile.account.name}` : 'Reconcile'}
      </h1>
      <p className="mf-accounts__actions">
        <Link to={registerPath(id)}>Register</Link>
        {reconcile.account && (
          <span>
            {`Balance today ${formatRs(reconcile.account.balance)} · Reconciled through ` +
              (reconcile.account.reconciledThrough ?? 'never')}
          </span>
        )}
      </p>
      <div className="mf-accounts__actions">
        {canWrite && (
          <Button disabled={reconcile.busy} onClick={() => void reconcile.acceptAllSuggested()}>
            Accept all suggested
          </Button>
        )}
        <Checkbox
          label="Show matched and excluded lines"
          checked={reconcile.all}
          onChange={reconcile.setAll}
        />
      </div>
      <div className="mf-reconcile__sides">
        <Table
          caption="Statement lines"
          columns={lineColumns}
          rows={reconcile.lines}
          rowKey={(line) => line.id}
          loading={reconcile.loading}
          emptyText="No statement lines to match"
        />
        <Table
          caption="Unmatched entries"
          columns={entryColumns}
          rows={reconcile.entries}
          rowKey={(entry) => entry.id}
          loading={reconcile.loading}
          emptyText="No unmatched entries"
        />
        {reconcile.transfers.length > 0 && (
          <Table
            caption="Unmatched transfers"
            columns={transferColumns}
            rows={reconcile.transfers}
            rowKey={(transfer) => transfer.id}
            emptyText="No unmatched transfers"
          />
        )}
      </div>
      <ReconciledForm accountId={id} reconcile={reconcile} canWrite={canWrite} />
      <CreateEntryDialog
        line={creating}
        busy={reconcile.creating}
        onClose={() => setCreating(undefined)}
        onCreate={(line, body) => reconcile.createEntry(line, body)}
      />
      <ReasonFor pending={pending} reconcile={reconcile} onClose={() => setPending(undefined)} />
    </section>
  );
}

function ReasonFor({
  pending,
  reconcile,
  onClose,
}: {
  pending: Pending | undefined;
  reconcile: Reconcile;
  onClose: () => void;
}) {
  const action = pending?.action ?? 'exclude';
  return (
    <ReasonDialog
      subject={pending}
      title={ASKS[action]}
      label="Reason"
      action={ACTS[action]}
      busy={reconcile.busy}
      busyLabel="Saving..."
      onClose={onClose}
      onConfirm={(reason) => {
        if (!pending) return;
        if (reason === '') return notify('Please enter a reason');
        const run = {
          exclude: reconcile.exclude,
          undo: reconcile.undo,
          unexclude: reconcile.undoExclude,
        }[action];
        void run(pending.line, reason).then((done) => done && onClose());
      }}
    >
      {pending && (
        <p>{`${formatRs(pending.line.amount)} on ${pending.line.date}: ${pending.line.description}`}</p>
      )}
    </ReasonDialog>
  );
}
