// What the journal shows and offers of each kind of entry: its label, and the list its party
// pickers offer (suspended expense types included: old entries point at them too).
import type { EntryKind, JournalRow } from 'contract';
import { endpoints, partiesOf } from 'shared-ui';
import type { EndpointResult } from 'shared-ui';

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

const asOptions = (parties: Array<{ id: number; name: string }>): PickerOption[] =>
  parties.map((party) => ({ value: String(party.id), label: party.name }));

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
