import { useEffect, useState } from 'react';
import type { EntryKind, StatementLine } from 'contract';
import { SaveDialog, Select, TextField, formatRs, messages, notify, useApiQuery } from 'shared-ui';
import { KINDS } from '../JournalPage/journal-kinds';

export interface CreateEntryDialogProps {
  line: StatementLine | undefined;
  busy: boolean;
  onClose: () => void;
  /** Resolves true once the entry is created and matched (the dialog then closes). */
  onCreate: (
    line: StatementLine,
    kind: EntryKind,
    partyId: number,
    description: string,
  ) => Promise<boolean>;
}

/** The kinds a line's sign allows: money in is income; money out an expense or a salary. */
export const kindsFor = (line: StatementLine): EntryKind[] =>
  String(line.amount).startsWith('-') ? ['expense', 'salary'] : ['income'];

/**
 * Create entry: the entry a statement line becomes, pre-filled from the line (its amount and
 * date are the line's; the kind from its sign; the party and description from a rule's proposal).
 */
export function CreateEntryDialog({ line, busy, onClose, onCreate }: CreateEntryDialogProps) {
  const [kind, setKind] = useState<EntryKind>('expense');
  const [partyId, setPartyId] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    if (!line) return;
    const proposal = line.proposal;
    setKind(proposal?.kind ?? kindsFor(line)[0]!);
    setPartyId(proposal ? String(proposal.partyId) : '');
    setDescription(proposal?.description || line.description);
  }, [line]);
  const parties = useApiQuery(KINDS[kind].parties, undefined, {
    enabled: line !== undefined,
    onError: 'quiet',
  });

  const submit = async () => {
    if (!line) return;
    if (partyId === '') return notify(messages.fillAllFields);
    if (await onCreate(line, kind, Number(partyId), description.trim())) onClose();
  };

  return (
    <SaveDialog
      open={line !== undefined}
      title="Create entry"
      onClose={onClose}
      busy={busy}
      onSave={() => void submit()}
      saveLabel="Create entry"
    >
      {line && (
        <>
          <p>{`${formatRs(line.amount)} on ${line.date}: ${line.description}`}</p>
          <Select
            label="Kind"
            value={kind}
            options={kindsFor(line).map((value) => ({ value, label: KINDS[value].label }))}
            onChange={(value) => {
              setKind(value as EntryKind);
              setPartyId('');
            }}
          />
          <Select
            label={kind === 'income' ? 'Client' : kind === 'salary' ? 'Employee' : 'Expense type'}
            value={partyId}
            placeholder="Select"
            options={parties.data ? KINDS[kind].options(parties.data) : []}
            onChange={setPartyId}
          />
          <TextField label="Description" value={description} onChange={setDescription} />
        </>
      )}
    </SaveDialog>
  );
}
