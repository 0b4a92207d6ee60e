// Find & match, under a reconcile row: a search over the account's unmatched entries and
// transfers of the line's direction (by amount, a date range and text), choosing one or several
// that add up to the line, matched to it at once.
import { useEffect, useRef, useState } from 'react';
import type { StatementLine } from 'contract';
import { Button, TextField, formatMoney } from 'shared-ui';
import { lineName, shortDay, type Candidate } from './line-words';

const cents = (amount: number) => Math.round(amount * 100);
const SHOWN = 30;

export function FindMatchPanel({
  line,
  candidates,
  busy,
  onMatch,
  onCancel,
}: {
  line: StatementLine;
  candidates: Candidate[];
  busy: boolean;
  onMatch: (chosen: Candidate[]) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const name = lineName(line);

  const wanted = amount.trim().replace(/,/g, '').replace(/^-/, '');
  const words = text.trim().toLowerCase();
  const found = candidates
    .filter((one) => one.amount < 0 === line.amount < 0)
    .filter((one) => wanted === '' || Math.abs(one.amount).toFixed(2).startsWith(wanted))
    .filter((one) => (from === '' || one.date >= from) && (to === '' || one.date <= to))
    .filter(
      (one) =>
        words === '' ||
        `${one.what} #${one.id} ${one.party} ${one.description}`.toLowerCase().includes(words),
    );
  const picked = candidates.filter((one) => chosen.includes(one.key));
  const total = picked.reduce((sum, one) => sum + cents(one.amount), 0);
  const adds = picked.length > 0 && total === cents(line.amount);
  const flip = (key: string) =>
    setChosen((now) => (now.includes(key) ? now.filter((one) => one !== key) : [...now, key]));

  return (
    <form
      className="mf-reconcile__panel mf-reconcile__panel--find"
      aria-label={`Find & match: ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (adds && !busy) void onMatch(picked).then((done) => done && onCancel());
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
        {found.length === 0 && <li>Nothing unmatched fits the search</li>}
        {found.slice(0, SHOWN).map((one) => (
          <li key={one.key}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(one.key)}
                onChange={() => flip(one.key)}
              />
              {` ${one.what} #${one.id}, ${one.party} · ${shortDay(one.date)} · `}
              <span className="mf-reconcile__found-text">{one.description}</span>
              {` · ${formatMoney(one.amount)}`}
            </label>
          </li>
        ))}
        {found.length > SHOWN && <li>{`${found.length - SHOWN} more: narrow the search`}</li>}
      </ul>
      <p className="mf-reconcile__total" aria-live="polite">
        {`Chosen ${picked.length}: ${formatMoney(total / 100)} of ${formatMoney(line.amount)}` +
          (picked.length > 0 && !adds
            ? ` (${formatMoney((cents(line.amount) - total) / 100)} to go)`
            : '')}
      </p>
      <span className="mf-reconcile__panel-actions">
        <Button
          type="submit"
          disabled={!adds}
          busy={busy}
          busyLabel="Saving..."
          aria-label={`Match ${picked.length}: ${name}`}
        >
          {`Match ${picked.length}`}
        </Button>
        <Button variant="secondary" aria-label={`Cancel: ${name}`} onClick={onCancel}>
          Cancel
        </Button>
      </span>
    </form>
  );
}
