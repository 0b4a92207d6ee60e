// What the journal shows and offers of each kind of entry: its label, and the list its party
// pickers offer (suspended expense types included: old entries point at them too); and the
// labels of what its Kind filter offers, vouchers with the entries.
import type { EntryKind, JournalEntryRow, JournalKind as RowKind, JournalRow } from 'contract';
import { ENTRY_KINDS, endpoints, partiesOf, partyLabel, sortParties } from 'shared-ui';
import type { EndpointResult, Party } from 'shared-ui';

type PartyList =
  | typeof endpoints.listClients
  | typeof endpoints.listEmployees
  | typeof endpoints.listExpenseTypesForEntries;

export interface PickerOption {
  value: string;
  label: string;
}

interface JournalKind {
  label: string;
  parties: PartyList;
  options: (answer: EndpointResult<PartyList>) => PickerOption[];
}

/** The picker's options, by name (a client as `Name (Company)`). */
const asOptions = (parties: Party[]): PickerOption[] =>
  sortParties(parties).map((party) => ({ value: String(party.id), label: partyLabel(party) }));

export const KINDS: Record<EntryKind, JournalKind> = {
  income: {
    label: 'Income',
    parties: endpoints.listClients,
    options: (answer) =>
      asOptions(partiesOf(answer as EndpointResult<typeof endpoints.listClients>)),
  },
  expense: {
    label: 'Expense',
    parties: endpoints.listExpenseTypesForEntries,
    options: (answer) =>
      asOptions(
        (answer as EndpointResult<typeof endpoints.listExpenseTypesForEntries>).users.map(
          (type) => ({ id: type.id, name: type.expancetype }),
        ),
      ),
  },
  salary: {
    label: 'Salary',
    parties: endpoints.listEmployees,
    options: (answer) =>
      asOptions(partiesOf(answer as EndpointResult<typeof endpoints.listEmployees>)),
  },
};

/** The label of each kind of journal row: the entries' kinds and the general ledger's vouchers. */
export const KIND_LABELS: Record<RowKind, string> = {
  ...(Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, KINDS[kind].label])) as Record<
    EntryKind,
    string
  >),
  voucher: 'Voucher',
};

/** The Kind filter's options, in the order of the contract's lists. */
export const JOURNAL_KIND_OPTIONS: PickerOption[] = ([...ENTRY_KINDS, 'voucher'] as RowKind[]).map(
  (kind) => ({ value: kind, label: KIND_LABELS[kind] }),
);

/** Whether a journal row is an entry (not a voucher): what a receipt, Reverse or Correct is for. */
export const isEntryRow = (row: JournalRow): row is JournalEntryRow => row.kind !== 'voucher';

/** Whether an entry was reversed or is a reversal, in words. */
export const stateOf = (row: JournalRow) =>
  row.reversesId
    ? `reverses #${row.reversesId}`
    : row.reversedById
      ? `reversed by #${row.reversedById}`
      : '';
