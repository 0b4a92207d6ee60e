// One place for what each kind of money entry is (docs/product.md#screens-and-routes, #calls,
// #messages): its label, what its party is called and which list its pickers offer, the
// Credit/Debit values it allows, how the body of a new one is built, and the texts of the entry
// form that records it. The entry forms, Correct, Recurring, the rules, the journal, the import
// and the reconcile screen all read it from here.
import type {
  CreditDebit,
  EndpointBody,
  EndpointResult,
  EntryKind as KindName,
  ScreenName,
} from 'contract/browser';
import {
  ENTRY_KINDS,
  endpoints,
  href,
  messages,
  partiesOf,
  partyLabel,
  sortParties,
} from 'shared-ui';
import type { Party } from 'shared-ui';

export type { Party };

type EntryEndpoint =
  | typeof endpoints.addIncome
  | typeof endpoints.addExpense
  | typeof endpoints.addSalary;

/** The lists a party picker is filled from. */
export type PartyList =
  | typeof endpoints.listClients
  | typeof endpoints.listEmployees
  | typeof endpoints.listExpenseTypesForEntries;

export interface PickerOption {
  value: string;
  label: string;
}

/** A picker's options for parties (a client as `Name (Company)`), in the order given. */
export const partyOptions = (parties: readonly Party[]): PickerOption[] =>
  parties.map((party) => ({ value: String(party.id), label: partyLabel(party) }));

/** A validated form, before it is shaped into the kind's body. */
export interface EntryInput {
  party: Party;
  amount: number;
  description: string;
  Creditdebit: CreditDebit;
  /** YYYY-MM-DD: the day the entry happened. */
  date: string;
  /** The money account of a Credit; the default one when absent. */
  accountId?: number;
}

/** The screens of the entry forms (the contract's `income`, `expenses`, `salary`). */
export type EntryFormScreen = Extract<ScreenName, 'income' | 'expenses' | 'salary'>;

export interface EntryKind<E extends EntryEndpoint = EntryEndpoint> {
  /** The kind, as the journal, the receipts and the API name it. */
  kind: KindName;
  /** The kind in words (the journal's Kind column and filter, Recurring's and the rules' Kind). */
  label: string;
  /** Its entry form's screen. */
  screen: EntryFormScreen;
  /** The entry form's heading, also its submit button's label. */
  title: string;
  /** What the entry form calls its party. */
  partyLabel: string;
  /** What Correct and Recurring call the party. */
  partyName: string;
  /** The party's group in the reconcile screen's "Book to" picker. */
  bookTo: string;
  partyPlaceholder: string;
  /** Credit/Debit values offered (docs/architecture.md#domain-rules: expenses and salaries are paid out). */
  creditDebit: readonly CreditDebit[];
  /** The list the party pickers are filled from (its texts are the ones alerted on failure). */
  list: PartyList;
  /** Every party of the list, by name (suspended expense types too: old entries point at them). */
  parties: (answer: EndpointResult<PartyList>) => Party[];
  /** The parties a new entry may name, by name. */
  openParties: (answer: EndpointResult<PartyList>) => Party[];
  /** The pickers' options: every party of the list. */
  options: (answer: EndpointResult<PartyList>) => PickerOption[];
  /** Said beside an empty picker: where its list is filled (`text`, then a link to `to`). */
  noParties: { text: string; link: string; to: string };
  post: {
    endpoint: E;
    toBody: (entry: EntryInput) => EndpointBody<E>;
  };
  added: string;
}

type Answer<L extends PartyList> = EndpointResult<L>;

/** A kind whose every party may take a new entry. */
const allOpen = (
  parties: (answer: EndpointResult<PartyList>) => Party[],
): Pick<EntryKind, 'parties' | 'openParties' | 'options'> => ({
  parties,
  openParties: parties,
  options: (answer) => partyOptions(parties(answer)),
});

const clients = (answer: EndpointResult<PartyList>) =>
  partiesOf(answer as Answer<typeof endpoints.listClients>);
const employees = (answer: EndpointResult<PartyList>) =>
  partiesOf(answer as Answer<typeof endpoints.listEmployees>);
const expenseTypes = (answer: EndpointResult<PartyList>, activeOnly: boolean) =>
  sortParties(
    (answer as Answer<typeof endpoints.listExpenseTypesForEntries>).users
      .filter((type) => !activeOnly || type.status === 'Active')
      .map((type) => ({ id: type.id, name: type.expancetype })),
  );

export const incomeKind: EntryKind<typeof endpoints.addIncome> = {
  kind: 'income',
  label: 'Income',
  screen: 'income',
  title: 'Add Income',
  partyLabel: 'Client',
  partyName: 'Client',
  bookTo: 'Client (income)',
  partyPlaceholder: 'Select client',
  creditDebit: ['Credit', 'Debit'],
  list: endpoints.listClients,
  ...allOpen(clients),
  noParties: { text: 'No clients yet: add them on', link: 'Clients', to: href('clients') },
  post: {
    endpoint: endpoints.addIncome,
    toBody: ({ party, ...rest }) => ({ clientId: party.id, clientName: party.name, ...rest }),
  },
  added: messages.incomeEntryAdded,
};

export const expenseKind: EntryKind<typeof endpoints.addExpense> = {
  kind: 'expense',
  label: 'Expense',
  screen: 'expenses',
  title: 'Add Expense',
  partyLabel: 'Expense Type',
  partyName: 'Expense type',
  bookTo: 'Expense type',
  partyPlaceholder: 'Select expense type',
  creditDebit: ['Credit'],
  // The forms use the lower-case spelling of the list (docs/product.md#calls).
  list: endpoints.listExpenseTypesForEntries,
  parties: (answer) => expenseTypes(answer, false),
  // Suspended types take no new expenses (docs/product.md#validation); the server refuses them too.
  openParties: (answer) => expenseTypes(answer, true),
  options: (answer) => partyOptions(expenseTypes(answer, false)),
  noParties: {
    text: 'No active expense types yet: add them in',
    link: 'Settings, Expenses',
    to: href('settings', { tab: 'expenses' }),
  },
  post: {
    endpoint: endpoints.addExpense,
    toBody: ({ party, ...rest }) => ({
      expanceTypeId: party.id,
      expanceTypeName: party.name,
      ...rest,
    }),
  },
  added: messages.expenseEntryAdded,
};

export const salaryKind: EntryKind<typeof endpoints.addSalary> = {
  kind: 'salary',
  label: 'Salary',
  screen: 'salary',
  title: 'Add Salary',
  partyLabel: 'Employee',
  partyName: 'Employee',
  bookTo: 'Employee (salary)',
  partyPlaceholder: 'Select employee',
  creditDebit: ['Credit'],
  list: endpoints.listEmployees,
  ...allOpen(employees),
  noParties: { text: 'No employees yet: add them on', link: 'Employees', to: href('employees') },
  post: {
    endpoint: endpoints.addSalary,
    toBody: ({ party, ...rest }) => ({ employeeId: party.id, employeeName: party.name, ...rest }),
  },
  added: messages.salaryEntryAdded,
};

/** Every kind, by the name the API gives it. */
export const KINDS: Record<KindName, EntryKind> = {
  income: incomeKind,
  expense: expenseKind,
  salary: salaryKind,
};

/** The one Credit/Debit value of a kind that leaves no choice (paid out); undefined for income. */
export const onlyCreditDebit = (kind: EntryKind): CreditDebit | undefined =>
  kind.creditDebit.length === 1 ? kind.creditDebit[0] : undefined;

/** The Kind pickers' options (Recurring, the rules), in the order of the contract's list. */
export const KIND_OPTIONS: PickerOption[] = ENTRY_KINDS.map((kind) => ({
  value: kind,
  label: KINDS[kind].label,
}));
