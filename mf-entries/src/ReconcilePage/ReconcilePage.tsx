import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LineEntryBody, Proposal, StatementLine } from 'contract/browser';
import { Button, Checkbox, formatRs, useCanWrite, useIsAdmin } from 'shared-ui';
import { registerPath, useAccountId } from '../AccountsPage/account-paths';
import { entryCandidate, lineName, transferCandidate, type Candidate } from './line-words';
import { LastAction } from './LastAction';
import { ReasonPanel } from './ReasonPanel';
import { ReconciledForm } from './ReconciledForm';
import { ReconcileRow, type Panel } from './ReconcileRow';
import { useRowActions, type RowActions } from './useRowActions';
import '../AccountsPage/AccountsPage.css';
import './ReconcilePage.css';

/**
 * The row forms' chunk (panels.ts): asked for when the pointer or the keyboard reaches a row's
 * Create, Transfer or Find & match (so it is there by the press), or at the latest when one opens.
 */
const panels = () => import(/* webpackChunkName: "reconcile-panels" */ './panels');
const preloadPanels = () => void panels().catch(() => undefined);
const panel = <K extends keyof Awaited<ReturnType<typeof panels>>>(name: K) =>
  lazy(() => panels().then((loaded) => ({ default: loaded[name] })));
const CreatePanel = panel('CreatePanel');
const TransferPanel = panel('TransferPanel');
const FindMatchPanel = panel('FindMatchPanel');

/** What OK on a rule's proposal books the line to (the description left to the line's when none). */
const proposalBody = (proposal: Proposal): LineEntryBody => {
  const description = proposal.description ? { description: proposal.description } : {};
  return proposal.kind === 'ledger'
    ? { kind: 'ledger', ledgerAccountId: proposal.ledgerAccountId!, ...description }
    : { kind: proposal.kind, partyId: proposal.partyId!, ...description };
};

/**
 * Reconcile (/Accounts/:id/reconcile): one compact row per statement line not yet matched, with
 * what it is proposed to match and OK; without a proposal Create (an entry, or a ledger account
 * such as bank charges), Transfer (with another money account) and Find & match (entries and
 * transfers chosen by a search); Exclude with a reason. Each action answers in the screen's polite
 * live region, never by a pop-up, and the last one can be undone there. Accept all suggested,
 * the matched and excluded lines on asking (Undo match, Undo exclude), and Mark reconciled
 * through a day with the statement's closing balance. Viewers see it read-only.
 */
export function ReconcilePage() {
  const id = useAccountId();
  if (id === undefined) return <p role="alert">Account not found</p>;
  return <ReconcileScreen id={id} />;
}

function ReconcileScreen({ id }: { id: number }) {
  const actions = useRowActions(id);
  const { reconcile } = actions;
  const canWrite = useCanWrite() === true;
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState<{ lineId: number; panel: Panel } | undefined>();
  const known = new Map<string, Candidate>([
    ...reconcile.entries.map((entry) => [`e${entry.id}`, entryCandidate(entry)] as const),
    ...reconcile.transfers.map((one) => [`t${one.id}`, transferCandidate(one)] as const),
  ]);
  const unmatched = reconcile.lines.filter((line) => line.status === 'unmatched').length;
  // The line acted on from its row, and its place: once it leaves the list (or is no longer
  // unmatched), the keyboard goes on to the row now in that place rather than to the page's start.
  const list = useRef<HTMLUListElement>(null);
  const acted = useRef<{ id: number; index: number } | undefined>(undefined);
  const actOn = (line: StatementLine, index: number) => {
    acted.current = { id: line.id, index };
  };
  useEffect(() => {
    const was = acted.current;
    if (!was) return;
    if (reconcile.lines.some((line) => line.id === was.id && line.status === 'unmatched')) return;
    acted.current = undefined;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !list.current?.contains(focused)) return;
    const rows = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    rows[Math.min(was.index, rows.length - 1)]?.querySelector('button')?.focus();
  }, [reconcile.lines]);

  return (
    <section className="mf-reconcile">
      <div className="mf-reconcile__head">
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
          {!reconcile.loading && <span>{`${unmatched} to reconcile`}</span>}
        </p>
        <div className="mf-accounts__actions">
          {canWrite && (
            <Button disabled={reconcile.busy} onClick={() => void actions.acceptAll()}>
              Accept all suggested
            </Button>
          )}
          <Checkbox
            label="Show matched and excluded lines"
            checked={reconcile.all}
            onChange={reconcile.setAll}
          />
        </div>
        <LastAction actions={actions} canWrite={canWrite} />
      </div>
      {reconcile.loading ? (
        <p>Loading...</p>
      ) : reconcile.lines.length === 0 ? (
        <p>No statement lines to match</p>
      ) : (
        <div className="mf-reconcile__list">
          <ul className="mf-reconcile__rows" aria-label="Statement lines" ref={list}>
            {reconcile.lines.map((line, index) => {
              const panel = open?.lineId === line.id ? open.panel : undefined;
              return (
                <ReconcileRow
                  key={line.id}
                  line={line}
                  known={known}
                  canWrite={canWrite}
                  isAdmin={isAdmin}
                  busy={reconcile.busy}
                  panel={panel}
                  setPanel={(next) => setOpen(next ? { lineId: line.id, panel: next } : undefined)}
                  onPanelIntent={preloadPanels}
                  onAccept={(suggestion) => {
                    actOn(line, index);
                    void actions.match(line, suggestion.entryIds, suggestion.transferIds);
                  }}
                  onProposal={() => {
                    if (!line.proposal) return;
                    actOn(line, index);
                    void actions.create(line, proposalBody(line.proposal));
                  }}
                >
                  {panel && (
                    <Suspense fallback={<p>Loading...</p>}>
                      <PanelOf
                        panel={panel}
                        line={line}
                        actions={actions}
                        close={() => setOpen(undefined)}
                        onAct={() => actOn(line, index)}
                      />
                    </Suspense>
                  )}
                </ReconcileRow>
              );
            })}
          </ul>
        </div>
      )}
      <ReconciledForm
        accountId={id}
        reconcile={reconcile}
        canWrite={canWrite}
        onDone={(text) => actions.say(text)}
      />
    </section>
  );
}

/** The form a row's button opened under it. */
function PanelOf({
  panel,
  line,
  actions,
  close,
  onAct,
}: {
  panel: Panel;
  line: StatementLine;
  actions: RowActions;
  close: () => void;
  /** Called as the form is sent: the keyboard goes on to the next row once this one leaves. */
  onAct: () => void;
}) {
  const { reconcile } = actions;
  const busy = reconcile.busy;
  const name = lineName(line);
  /** A panel's action, the act recorded first. */
  const acting =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      onAct();
      return run(...args);
    };
  switch (panel) {
    case 'create':
      return (
        <CreatePanel
          line={line}
          busy={busy}
          onCreate={acting((body, target) => actions.create(line, body, target))}
          onCancel={close}
        />
      );
    case 'transfer':
      return (
        <TransferPanel
          line={line}
          others={reconcile.others}
          busy={busy}
          onTransfer={acting((otherId, description) =>
            actions.transfer(line, otherId, description),
          )}
          onCancel={close}
        />
      );
    case 'find':
      return (
        <FindMatchPanel
          accountId={reconcile.id}
          line={line}
          busy={busy}
          onMatch={acting((chosen) =>
            actions.match(
              line,
              chosen.filter((one) => one.type === 'entry').map((one) => one.id),
              chosen.filter((one) => one.type === 'transfer').map((one) => one.id),
              chosen.find((one) => one.entry)?.entry,
            ),
          )}
          otherLines={reconcile.lines.filter(
            (other) => other.status === 'unmatched' && other.id !== line.id,
          )}
          onMatchLines={acting((entryId, others) => actions.matchLines(line, entryId, others))}
          onCancel={close}
        />
      );
    case 'exclude':
      return (
        <ReasonPanel
          action="Exclude"
          name={name}
          busy={busy}
          onConfirm={acting((reason) => actions.exclude(line, reason))}
          onCancel={close}
        />
      );
    case 'undo':
    case 'unexclude':
      return (
        <ReasonPanel
          action={panel === 'undo' ? 'Undo match' : 'Undo exclude'}
          name={name}
          busy={busy}
          onConfirm={async (reason) => {
            const undone =
              panel === 'undo'
                ? await reconcile.undo(line, reason)
                : await reconcile.undoExclude(line, reason);
            if (!undone) return false;
            const what = panel === 'undo' ? 'Match undone' : 'Exclusion undone';
            actions.say(`${what}: ${name} is unmatched again.`);
            return true;
          }}
          onCancel={close}
        />
      );
    default:
      return null;
  }
}
