// Find & match's other way round: one entry larger than the line, matched to this line and other
// unmatched lines of the statement that add up to it (a payment the bank booked in parts).
import { useState } from 'react';
import type { StatementLine } from 'contract/browser';
import { Button, formatMoney } from 'shared-ui';
import { lineName, shortDay, type Candidate } from './line-words';

const cents = (amount: number) => Math.round(amount * 100);

export function SplitLines({
  line,
  entry,
  others,
  busy,
  onMatch,
}: {
  line: StatementLine;
  /** The one entry chosen, larger than the line and of its direction. */
  entry: Candidate;
  /** The other unmatched lines of the line's direction. */
  others: StatementLine[];
  busy: boolean;
  onMatch: (others: StatementLine[]) => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const picked = others.filter((other) => chosen.includes(other.id));
  const total = cents(line.amount) + picked.reduce((sum, other) => sum + cents(other.amount), 0);
  const adds = picked.length > 0 && total === cents(entry.amount);
  const title = `${entry.what} #${entry.id}`;
  return (
    <fieldset className="mf-reconcile__split">
      <legend>{`Or match ${title} (${formatMoney(entry.amount)}) to this line and others`}</legend>
      {others.length === 0 ? (
        <p>No other unmatched line of this direction</p>
      ) : (
        <ul aria-label={`Other lines for ${title}`}>
          {others.map((other) => (
            <li key={other.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(other.id)}
                  onChange={() =>
                    setChosen((now) =>
                      now.includes(other.id)
                        ? now.filter((id) => id !== other.id)
                        : [...now, other.id],
                    )
                  }
                />
                {` ${shortDay(other.date)} · ${other.description || 'no description'} · ${formatMoney(other.amount)}`}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="mf-reconcile__total" aria-live="polite">
        {`Lines ${picked.length + 1}: ${formatMoney(total / 100)} of ${formatMoney(entry.amount)}`}
      </p>
      <Button
        disabled={!adds}
        busy={busy}
        busyLabel="Saving..."
        aria-label={`Match ${title} to ${picked.length + 1} lines: ${lineName(line)}`}
        onClick={() => onMatch(picked)}
      >
        {`Match to ${picked.length + 1} lines`}
      </Button>
    </fieldset>
  );
}
