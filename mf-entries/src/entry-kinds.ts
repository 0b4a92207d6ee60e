// The three kinds of money entry (spec §2, §7, §8) as data: which parties the picker offers,
// which Credit/Debit values are allowed, which endpoint records the entry and in which body
// shape, and the texts of each outcome. EntryForm is the one component that renders them all.
import { messages } from 'contract';
import type { CreditDebit, EndpointBody, ScreenName } from 'contract';
import { call, endpoints, fetchParties } from 'shared-ui';
import type { Endpoint, Party } from 'shared-ui';

export type { Party };

type EntryEndpoint =
  typeof endpoints.addIncome | typeof endpoints.addExpense | typeof endpoints.addSalary;

/** A validated form, before it is shaped into the kind's body. */
export interface EntryInput {
  party: Party;
  amount: number;
  description: string;
  Creditdebit: CreditDebit;
  /** YYYY-MM-DD: the day the entry happened. */
  date: string;
}

/** The screens of the entry forms (the contract's `income`, `expenses`, `salary`). */
export type EntryFormScreen = Extract<ScreenName, 'income' | 'expenses' | 'salary'>;

export interface EntryKind<E extends EntryEndpoint = EntryEndpoint> {
  /** The form's screen: its address may carry the values to start from. */
  screen: EntryFormScreen;
  /** Page heading, also the submit button's label. */
  title: string;
  partyLabel: string;
  partyPlaceholder: string;
  /** Credit/Debit values the form offers (DESIGN §5: expenses and salaries are paid out). */
  creditDebit: readonly CreditDebit[];
  parties: {
    /** The list the picker is filled from (its texts are the ones alerted on failure). */
    endpoint: Endpoint;
    load: () => Promise<Party[]>;
  };
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
  parties: {
    endpoint: endpoints.listClients,
    load: () => fetchParties(endpoints.listClients),
  },
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
  parties: {
    // The forms use the lower-case spelling of the list (spec §7).
    endpoint: endpoints.listExpenseTypesForEntries,
    load: async () => {
      const { users } = await call(endpoints.listExpenseTypesForEntries);
      // Suspended types take no new expenses (spec §5); the server refuses them too.
      return users
        .filter((type) => type.status === 'Active')
        .map((type) => ({ id: type.id, name: type.expancetype }));
    },
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
  parties: {
    endpoint: endpoints.listEmployees,
    load: () => fetchParties(endpoints.listEmployees),
  },
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
