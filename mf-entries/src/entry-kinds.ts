// The three kinds of money entry (docs/product.md#screens-and-routes, #calls, #messages) as data: which parties the picker offers,
// which Credit/Debit values are allowed, which endpoint records the entry and in which body
// shape, and the texts of each outcome. EntryForm is the one component that renders them all.
import type { CreditDebit, EndpointBody, EndpointResult, ScreenName } from 'contract';
import { endpoints, href, partiesOf, messages, sortParties } from 'shared-ui';
import type { Party } from 'shared-ui';

export type { Party };

type EntryEndpoint =
  typeof endpoints.addIncome | typeof endpoints.addExpense | typeof endpoints.addSalary;

/** The lists a picker is filled from. */
type PartyEndpoint =
  | typeof endpoints.listClients
  | typeof endpoints.listEmployees
  | typeof endpoints.listExpenseTypesForEntries;

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

/** A picker's list and what the picker offers of its answer. */
export interface PartyPicker {
  /** The list the picker is filled from (its texts are the ones alerted on failure). */
  endpoint: PartyEndpoint;
  select: (answer: EndpointResult<PartyEndpoint>) => Party[];
}

/** A picker, typed by its list: `select` takes that list's answer. */
const picker = <P extends PartyEndpoint>(
  endpoint: P,
  select: (answer: EndpointResult<P>) => Party[],
): PartyPicker => ({
  endpoint,
  // Only ever given the answer of `endpoint` (useEntryForm reads it with this select).
  select: select as PartyPicker['select'],
});

/** The screens of the entry forms (the contract's `income`, `expenses`, `salary`). */
export type EntryFormScreen = Extract<ScreenName, 'income' | 'expenses' | 'salary'>;

/** The kind of entry each form records, as the journal and the receipts name it. */
export const RECORDS = { income: 'income', expenses: 'expense', salary: 'salary' } as const;

export interface EntryKind<E extends EntryEndpoint = EntryEndpoint> {
  /** The form's screen. */
  screen: EntryFormScreen;
  /** Page heading, also the submit button's label. */
  title: string;
  partyLabel: string;
  partyPlaceholder: string;
  /** Credit/Debit values the form offers (docs/architecture.md#domain-rules: expenses and salaries are paid out). */
  creditDebit: readonly CreditDebit[];
  parties: PartyPicker;
  /** Said beside an empty picker: where its list is filled (`text`, then a link to `to`). */
  noParties: { text: string; link: string; to: string };
  post: {
    endpoint: E;
    toBody: (entry: EntryInput) => EndpointBody<E>;
  };
  added: string;
}

export const incomeKind: EntryKind<typeof endpoints.addIncome> = {
  screen: 'income',
  title: 'Add Income',
  partyLabel: 'Client',
  partyPlaceholder: 'Select client',
  creditDebit: ['Credit', 'Debit'],
  parties: picker(endpoints.listClients, partiesOf),
  noParties: { text: 'No clients yet: add them on', link: 'Clients', to: href('clients') },
  post: {
    endpoint: endpoints.addIncome,
    toBody: ({ party, ...rest }) => ({
      clientId: party.id,
      clientName: party.name,
      ...rest,
    }),
  },
  added: messages.incomeEntryAdded,
};

export const expenseKind: EntryKind<typeof endpoints.addExpense> = {
  screen: 'expenses',
  title: 'Add Expense',
  partyLabel: 'Expense Type',
  partyPlaceholder: 'Select expense type',
  creditDebit: ['Credit'],
  // The forms use the lower-case spelling of the list (docs/product.md#calls). Suspended types take no new
  // expenses (docs/product.md#validation); the server refuses them too.
  parties: picker(endpoints.listExpenseTypesForEntries, ({ users }) =>
    sortParties(
      users
        .filter((type) => type.status === 'Active')
        .map((type) => ({ id: type.id, name: type.expancetype })),
    ),
  ),
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
  screen: 'salary',
  title: 'Add Salary',
  partyLabel: 'Employee',
  partyPlaceholder: 'Select employee',
  creditDebit: ['Credit'],
  parties: picker(endpoints.listEmployees, partiesOf),
  noParties: { text: 'No employees yet: add them on', link: 'Employees', to: href('employees') },
  post: {
    endpoint: endpoints.addSalary,
    toBody: ({ party, ...rest }) => ({
      employeeId: party.id,
      employeeName: party.name,
      ...rest,
    }),
  },
  added: messages.salaryEntryAdded,
};
