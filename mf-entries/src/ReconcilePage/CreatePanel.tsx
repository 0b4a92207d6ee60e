// Create, under a reconcile row: the line booked as an entry (a client's income; an expense type's
// expense or an employee's salary) or to a ledger account (bank charges, bank profit), chosen in
// one "Book to" picker. The picker starts on the rule's proposal, else on the one choice whose
// name the line's text holds (a client's name on a deposit, "charges" on a bank charge).
import { useEffect, useRef, useState } from 'react';
import type { EntryKind, LineEntryBody, StatementLine } from 'contract/browser';
import { TextField, endpoints, useApiQuery } from 'shared-ui';
import { PanelFooter } from './PanelFooter';
import { KINDS, type PickerOption } from '../entry-kinds';
import { usePartyOptions } from '../EntryFields/usePartyOptions';
import { lineName, sharedWords } from './line-words';
import { NewExpenseType } from './NewExpenseType';
import { ActionForm } from '../ActionForm';

/** The kinds a line's sign allows: money in is income; money out an expense or a salary. */
export const kindsFor = (line: StatementLine): EntryKind[] =>
  line.amount < 0 ? ['expense', 'salary'] : ['income'];

interface Group {
  label: string;
  options: PickerOption[];
}

const LEDGER_GROUP = 'Ledger account';

/**
 * The picker's groups for a line: its kinds' parties, then the bookable ledger accounts; `ready`
 * once every list has answered (or failed).
 */
function useGroups(line: StatementLine): { groups: Group[]; ready: boolean } {
  const [first, second] = kindsFor(line);
  const one = usePartyOptions(first);
  const two = usePartyOptions(second ?? first, second !== undefined);
  const ledger = useApiQuery(endpoints.listLedgerAccounts, undefined, { onError: 'quiet' });
  const groupOf = (kind: EntryKind, options: PickerOption[]): Group => ({
    label: KINDS[kind].bookTo,
    options: options.map((option) => ({
      value: `${kind}:${option.value}`,
      label: option.label,
    })),
  });
  const ready = !one.isPending && (second === undefined || !two.isPending) && !ledger.isPending;
  const groups = [
    groupOf(first!, one.options),
    ...(second ? [groupOf(second, two.options)] : []),
    {
      label: LEDGER_GROUP,
      options: (ledger.data?.accounts ?? [])
        .filter((account) => account.bookable)
        .map((account) => ({
          value: `ledger:${account.id}`,
          label: `${account.code} ${account.name}`,
        })),
    },
  ];
  return { groups, ready };
}

/** The one choice whose name shares the most words with the line ('' when none or a tie). */
export function guessFor(line: StatementLine, groups: Group[]): string {
  const { proposal } = line;
  if (proposal)
    return proposal.kind === 'ledger'
      ? `ledger:${proposal.ledgerAccountId}`
      : `${proposal.kind}:${proposal.partyId}`;
  let best = '';
  let bestCount = 0;
  let tie = false;
  for (const option of groups.flatMap((group) => group.options)) {
    const count = sharedWords(line, option.label).length;
    if (count > bestCount) [best, bestCount, tie] = [option.value, count, false];
    else if (count === bestCount && count > 0) tie = true;
  }
  return tie ? '' : best;
}

export function CreatePanel({
  line,
  busy,
  onCreate,
  onCancel,
}: {
  line: StatementLine;
  busy: boolean;
  /** `target`: the name of what the line is booked to (offered to be remembered). */
  onCreate: (body: LineEntryBody, target: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { groups, ready } = useGroups(line);
  const [choice, setChoice] = useState<string | undefined>();
  const [description, setDescription] = useState(line.proposal?.description || line.description);
  const [problem, setProblem] = useState('');
  const picker = useRef<HTMLSelectElement>(null);
  const value = choice ?? (ready ? guessFor(line, groups) : '');
  useEffect(() => picker.current?.focus(), []);
  const name = lineName(line);

  const submit = async () => {
    if (value === '') return setProblem('Choose what the line is booked to');
    setProblem('');
    const [kind, chosen] = value.split(':') as [EntryKind | 'ledger', string];
    const body: LineEntryBody =
      kind === 'ledger'
        ? { kind, ledgerAccountId: Number(chosen), description: description.trim() }
        : { kind, partyId: Number(chosen), description: description.trim() };
    const target =
      groups.flatMap((group) => group.options).find((option) => option.value === value)?.label ??
      '';
    if (await onCreate(body, target)) onCancel();
  };

  return (
    <ActionForm className="mf-reconcile__panel" label={`Create: ${name}`} onSubmit={submit}>
      <div className="ofs-field">
        <label className="ofs-field__label" htmlFor={`book-to-${line.id}`}>
          Book to
        </label>
        <select
          id={`book-to-${line.id}`}
          ref={picker}
          className="ofs-input"
          value={value}
          aria-busy={ready ? undefined : true}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `book-to-${line.id}-problem` : undefined}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Select</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {problem && (
          <span id={`book-to-${line.id}-problem`} className="mf-reconcile__problem">
            {problem}
          </span>
        )}
      </div>
      {line.amount < 0 && (
        <NewExpenseType name={name} onAdded={(id) => setChoice(`expense:${id}`)} />
      )}
      <TextField label="Description" value={description} onChange={setDescription} />
      <PanelFooter action="Create & match" name={name} busy={busy} onCancel={onCancel} />
    </ActionForm>
  );
}
