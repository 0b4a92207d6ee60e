// What the journal shows and offers of each kind of entry: its label, and the list its party
// pickers offer (suspended expense types included: old entries point at them too).
import type { EntryKind, JournalRow } from 'contract';
import { endpoints, partiesOf, partyLabel, sortParties } from 'shared-ui';
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

/** Whether an entry was reversed or is a reversal, in words. */
export const stateOf = (row: JournalRow) =>
  row.reversesId
    ? `reverses #${row.reversesId}`
    : row.reversedById
      ? `reversed by #${row.reversedById}`
      : '';
