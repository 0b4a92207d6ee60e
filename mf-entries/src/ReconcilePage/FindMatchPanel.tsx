// Find & match, under a reconcile row: a search (on the server) over the account's unmatched
// entries and transfers of the line's direction, by amount, a date range and text, choosing one
// or several that add up to the line, matched to it at once. What is chosen stays chosen while
// the search changes.
import { useEffect, useRef, useState } from 'react';
import type { OpenItemsQuery, StatementLine } from 'contract/browser';
import { TextField, endpoints, formatMoney, keepPreviousData, useApiQuery } from 'shared-ui';
import {
  entryCandidate,
  lineName,
  shortDay,
  transferCandidate,
  type Candidate,
} from './line-words';
import { PanelFooter } from './PanelFooter';
import { SplitLines } from './SplitLines';
import { ActionForm } from '../ActionForm';

const cents = (amount: number) => Math.round(amount * 100);
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

export function FindMatchPanel({
  accountId,
  line,
  busy,
  onMatch,
  otherLines,
  onMatchLines,
  onCancel,
}: {
  accountId: number;
  line: StatementLine;
  busy: boolean;
  onMatch: (chosen: Candidate[]) => Promise<boolean>;
  /** The other unmatched lines of the list: one entry may be matched to several. */
  otherLines: StatementLine[];
  onMatchLines: (entryId: number, others: StatementLine[]) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Candidate[]>([]);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const name = lineName(line);

  const wanted = amount.trim().replace(/,/g, '').replace(/^-/, '');
  const query: OpenItemsQuery = {
    direction: line.amount < 0 ? 'out' : 'in',
    ...(AMOUNT.test(wanted) ? { amount: wanted } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(text.trim() ? { text: text.trim().slice(0, 100) } : {}),
  };
  const search = useApiQuery(
    endpoints.searchOpenItems,
    { params: { id: accountId }, query },
    { placeholderData: keepPreviousData, onError: 'quiet' },
  );
  const found = [
    ...(search.data?.entries ?? []).map(entryCandidate),
    ...(search.data?.transfers ?? []).map(transferCandidate),
  ];
  const total = chosen.reduce((sum, one) => sum + cents(one.amount), 0);
  const adds = chosen.length > 0 && total === cents(line.amount);
  const isChosen = (one: Candidate) => chosen.some((other) => other.key === one.key);
  const flip = (one: Candidate) =>
    setChosen((now) =>
      isChosen(one) ? now.filter((other) => other.key !== one.key) : [...now, one],
    );
  // One entry chosen, larger than the line and of its direction: it may match several lines.
  const one = chosen.length === 1 ? chosen[0]! : undefined;
  const larger =
    one?.type === 'entry' &&
    Math.sign(one.amount) === Math.sign(line.amount) &&
    Math.abs(cents(one.amount)) > Math.abs(cents(line.amount))
      ? one
      : undefined;
  // The chosen ones the search no longer shows stay listed (and can be let go).
  const shown = [
    ...chosen.filter((one) => !found.some((other) => other.key === one.key)),
    ...found,
  ];

  return (
    <ActionForm
      className="mf-reconcile__panel mf-reconcile__panel--find"
      label={`Find & match: ${name}`}
      onSubmit={() => {
        if (adds && !busy) void onMatch(chosen).then((done) => done && onCancel());
      }}
    >
      <fieldset className="mf-reconcile__search">
        <legend>Search unmatched entries and transfers</legend>
        <TextField
          label="Amount"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          inputRef={first}
        />
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
        <TextField label="Text" value={text} onChange={setText} />
      </fieldset>
      <ul
        className="mf-reconcile__found"
        aria-label={`Unmatched entries and transfers for ${name}`}
      >
        {search.isPending && <li>Loading...</li>}
        {!search.isPending && shown.length === 0 && (
          <li>
            {search.isError ? 'The search failed: try again' : 'Nothing unmatched fits the search'}
          </li>
        )}
        {shown.map((one) => (
          <li key={one.key}>
            <label>
              <input type="checkbox" checked={isChosen(one)} onChange={() => flip(one)} />
              {` ${one.what} #${one.id}, ${one.party} · ${shortDay(one.date)} · `}
              <span className="mf-reconcile__found-text">{one.description}</span>
              {` · ${formatMoney(one.amount)}`}
            </label>
          </li>
        ))}
        {search.data?.more && <li>More match than are shown: narrow the search</li>}
      </ul>
      <p className="mf-reconcile__total" aria-live="polite">
        {`Chosen ${chosen.length}: ${formatMoney(total / 100)} of ${formatMoney(line.amount)}` +
          (chosen.length > 0 && !adds
            ? ` (${formatMoney((cents(line.amount) - total) / 100)} to go)`
            : '')}
      </p>
      {larger && (
        <SplitLines
          line={line}
          entry={larger}
          others={otherLines.filter(
            (other) => other.id !== line.id && Math.sign(other.amount) === Math.sign(line.amount),
          )}
          busy={busy}
          onMatch={(others) =>
            void onMatchLines(larger.id, others).then((done) => done && onCancel())
          }
        />
      )}
      <PanelFooter
        action={`Match ${chosen.length}`}
        name={name}
        busy={busy}
        disabled={!adds}
        onCancel={onCancel}
      />
    </ActionForm>
  );
}
