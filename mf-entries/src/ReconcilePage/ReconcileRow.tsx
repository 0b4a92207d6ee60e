// One statement line as a compact row, as Xero shows it: the line (day, description, amount) on
// the left, what it is proposed to match on the right (the entry or transfer, its day, party and
// amount, and why in words), and the row's buttons — OK on a proposal; Create, Transfer, Find &
// match and Exclude without one (behind More with one). A button's form opens under the row.
import { useState } from 'react';
import type { StatementLine, Suggestion } from 'contract/browser';
import { Button, formatMoney } from 'shared-ui';
import { KINDS } from '../JournalPage/journal-kinds';
import { candidateTitle, lineName, shortDay, whySuggested, type Candidate } from './line-words';

export type Panel = 'more' | 'create' | 'transfer' | 'find' | 'exclude' | 'undo' | 'unexclude';

export interface RowProps {
  line: StatementLine;
  /** The entries and transfers of the worklist, by key ("e41", "t9"). */
  known: Map<string, Candidate>;
  canWrite: boolean;
  /** May undo a reconciled line's match. */
  isAdmin: boolean;
  busy: boolean;
  panel: Panel | undefined;
  setPanel: (panel: Panel | undefined) => void;
  /** The pointer or the focus reached a toggle: its form may start loading. */
  onPanelIntent?: () => void;
  onAccept: (suggestion: Suggestion) => void;
  onProposal: () => void;
  /** The form under the row of the panel open. */
  children?: React.ReactNode;
}

const keysOf = ({ entryIds, transferIds }: Pick<Suggestion, 'entryIds' | 'transferIds'>) => [
  ...entryIds.map((id) => `e${id}`),
  ...transferIds.map((id) => `t${id}`),
];

const found = (known: Map<string, Candidate>, keys: string[]) =>
  keys.flatMap((key) => (known.has(key) ? [known.get(key)!] : []));

/** A record in one line: "Expense #41, Rent · 2 Oct · -1,200.00". */
const recordText = (one: Candidate) =>
  `${candidateTitle(one)} · ${shortDay(one.date)} · ${formatMoney(one.amount)}`;

const recordsText = (records: Candidate[], keys: string[]) =>
  records.length === 0
    ? keys.map((key) => `#${key.slice(1)}`).join(', ')
    : records.length === 1
      ? recordText(records[0]!)
      : `${records.length} records: ${records.map(candidateTitle).join(' + ')}`;

export function ReconcileRow(props: RowProps) {
  const { line, known, canWrite, busy, panel, setPanel, children } = props;
  const [chosen, setChosen] = useState(0);
  const name = lineName(line);
  const suggestion = line.suggestions[Math.min(chosen, line.suggestions.length - 1)];
  const panelId = `reconcile-panel-${line.id}`;
  /** A toggle button of the row: its text, and its name with the line's. */
  const toggle = (text: string, which: Panel, open = panel === which) => (
    <Button
      variant="secondary"
      disabled={busy}
      aria-label={`${text}: ${name}`}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => setPanel(open ? undefined : which)}
      onFocus={props.onPanelIntent}
      onPointerEnter={props.onPanelIntent}
    >
      {text}
    </Button>
  );
  const others = (
    <>
      {toggle('Create', 'create')}
      {toggle('Transfer', 'transfer')}
      {toggle('Find & match', 'find')}
      {toggle('Exclude', 'exclude')}
    </>
  );

  let match: React.ReactNode;
  let actions: React.ReactNode = null;
  /** Create, Transfer, Find & match and Exclude are behind More (the row has OK). */
  let more = false;
  if (line.status === 'matched') {
    const keys = keysOf(line);
    match = (
      <span className="mf-reconcile__record">
        {`${line.reconciled ? 'Reconciled' : 'Matched'}: ${recordsText(found(known, keys), keys) || 'a voucher'}`}
      </span>
    );
    if (canWrite && (!line.reconciled || props.isAdmin)) actions = toggle('Undo match', 'undo');
  } else if (line.status === 'excluded') {
    match = (
      <span className="mf-reconcile__record">{`Excluded: ${line.excludedReason ?? ''}`}</span>
    );
    if (canWrite) actions = toggle('Undo exclude', 'unexclude');
  } else if (suggestion) {
    const keys = keysOf(suggestion);
    const records = found(known, keys);
    const text = recordsText(records, keys);
    const why = `Suggested: ${whySuggested(line, records, suggestion)}`;
    match = (
      <>
        <span className="mf-reconcile__record" title={text}>
          {text}
        </span>
        <span className="mf-reconcile__why" title={why}>
          {why}
        </span>
        {line.suggestions.length > 1 && (
          <select
            className="ofs-input mf-reconcile__pick"
            aria-label={`Suggestion for ${name}`}
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {line.suggestions.map((one, index) => (
              <option key={keysOf(one).join('-')} value={index}>
                {`${index + 1} of ${line.suggestions.length}: ${recordsText(found(known, keysOf(one)), keysOf(one))}`}
              </option>
            ))}
          </select>
        )}
      </>
    );
    more = canWrite;
    if (canWrite)
      actions = (
        <>
          <Button
            disabled={busy}
            aria-label={`OK: ${name}`}
            onClick={() => props.onAccept(suggestion)}
          >
            OK
          </Button>
          {toggle('More', 'more', panel !== undefined)}
        </>
      );
  } else if (line.proposal) {
    const { proposal } = line;
    const text =
      proposal.kind === 'ledger'
        ? `Book to ${proposal.targetName}`
        : `New ${KINDS[proposal.kind].label.toLowerCase()}: ${proposal.targetName}`;
    const record = proposal.description ? `${text} · ${proposal.description}` : text;
    const why = `Rule: ${proposal.pattern}`;
    match = (
      <>
        <span className="mf-reconcile__record" title={record}>
          {record}
        </span>
        <span className="mf-reconcile__why" title={why}>
          {why}
        </span>
      </>
    );
    more = canWrite;
    if (canWrite)
      actions = (
        <>
          <Button disabled={busy} aria-label={`OK: ${name}`} onClick={props.onProposal}>
            OK
          </Button>
          {toggle('More', 'more', panel !== undefined)}
        </>
      );
  } else {
    match = <span className="mf-reconcile__none">No match found</span>;
    if (canWrite) actions = others;
  }

  return (
    <li className="mf-reconcile__row">
      <span className="mf-reconcile__day">
        <time dateTime={line.date}>{shortDay(line.date)}</time>
      </span>
      <span
        className="mf-reconcile__text"
        title={line.reference ? `${line.description} (${line.reference})` : line.description}
        aria-description={line.reference ? `Reference ${line.reference}` : undefined}
      >
        {line.description}
      </span>
      <span
        className={`mf-reconcile__amount${line.amount < 0 ? ' mf-reconcile__amount--out' : ''}`}
      >
        {formatMoney(line.amount)}
      </span>
      <span className="mf-reconcile__match">{match}</span>
      {actions && <span className="mf-reconcile__actions">{actions}</span>}
      {panel && (
        <div className="mf-reconcile__expander" id={panelId}>
          {/* Behind More: the row's other buttons stay above the form they open. */}
          {more && <span className="mf-reconcile__actions">{others}</span>}
          {panel !== 'more' && children}
        </div>
      )}
    </li>
  );
}
