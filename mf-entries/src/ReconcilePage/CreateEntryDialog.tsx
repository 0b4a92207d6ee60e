import { useEffect, useState } from 'react';
import type { EntryKind, LineEntryBody, StatementLine } from 'contract';
import {
  SaveDialog,
  Select,
  TextField,
  endpoints,
  formatRs,
  messages,
  notify,
  useApiQuery,
} from 'shared-ui';
import { KINDS } from '../JournalPage/journal-kinds';

/** What a line becomes: an entry of a kind, or a voucher to a ledger account (`ledger`). */
export type LineKind = EntryKind | 'ledger';

export interface CreateEntryDialogProps {
  line: StatementLine | undefined;
  busy: boolean;
  onClose: () => void;
  /** Resolves true once the entry is created and matched (the dialog then closes). */
  onCreate: (line: StatementLine, body: LineEntryBody) => Promise<boolean>;
}

/** The kinds a line's sign allows: money in is income; money out an expense or a salary. */
export const kindsFor = (line: StatementLine): EntryKind[] =>
  String(line.amount).startsWith('-') ? ['expense', 'salary'] : ['income'];

const LEDGER_LABEL = 'Ledger account';

/**
 * Create entry: the entry a statement line becomes, pre-filled from the line (its amount and
 * date are the line's; the kind from its sign; the party and description from a rule's proposal),
 * or the line booked to a ledger account (bank charges, bank profit, other income) with no party.
 */
export function CreateEntryDialog({ line, busy, onClose, onCreate }: CreateEntryDialogProps) {
  const [kind, setKind] = useState<LineKind>('expense');
  const [partyId, setPartyId] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    if (!line) return;
    const proposal = line.proposal;
    setKind(proposal?.kind ?? kindsFor(line)[0]!);
    setPartyId(proposal ? String(proposal.partyId) : '');
    setDescription(proposal?.description || line.description);
  }, [line]);
  const ledger = kind === 'ledger';
  const parties = useApiQuery(KINDS[ledger ? 'expense' : kind].parties, undefined, {
    enabled: line !== undefined && !ledger,
    onError: 'quiet',
  });
  const accounts = useApiQuery(endpoints.listLedgerAccounts, undefined, {
    enabled: line !== undefined && ledger,
    onError: 'quiet',
  });
  const options = ledger
    ? (accounts.data?.accounts ?? [])
        .filter((account) => account.bookable)
        .map((account) => ({ value: String(account.id), label: `${account.code} ${account.name}` }))
    : parties.data
      ? KINDS[kind].options(parties.data)
      : [];

  const submit = async () => {
    if (!line) return;
    if (partyId === '') return notify(messages.fillAllFields);
    const body: LineEntryBody = ledger
      ? { kind, ledgerAccountId: Number(partyId), description: description.trim() }
      : { kind, partyId: Number(partyId), description: description.trim() };
    if (await onCreate(line, body)) onClose();
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
            options={[
              ...kindsFor(line).map((value) => ({ value, label: KINDS[value].label })),
              { value: 'ledger', label: LEDGER_LABEL },
            ]}
            onChange={(value) => {
              setKind(value as LineKind);
              setPartyId('');
            }}
          />
          <Select
            label={
              ledger
                ? LEDGER_LABEL
                : kind === 'income'
                  ? 'Client'
                  : kind === 'salary'
                    ? 'Employee'
                    : 'Expense type'
            }
            value={partyId}
            placeholder="Select"
            options={options}
            onChange={setPartyId}
          />
          <TextField label="Description" value={description} onChange={setDescription} />
        </>
      )}
    </SaveDialog>
  );
}
