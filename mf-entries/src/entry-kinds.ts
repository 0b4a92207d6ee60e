// The three kinds of money entry (spec §2, §7, §8) as data: which parties the picker offers,
// which Credit/Debit values are allowed, where the entry is posted and in which body shape,
// and the texts of each outcome. EntryForm is the one component that renders them all.
import { messages } from 'contract';
import type {
  Client,
  CreditDebit,
  Employee,
  ExpenseEntryBody,
  ExpenseType,
  IncomeEntryBody,
  SalaryEntryBody,
} from 'contract';
import type { ApiMessages } from 'shared-ui';

/** Whom an entry is for: a client, an expense type or an employee. */
export interface Party {
  id: number;
  name: string;
}

/** A validated form, before it is shaped into the kind's body. */
export interface EntryInput {
  party: Party;
  amount: number;
  description: string;
  Creditdebit: CreditDebit;
  /** YYYY-MM-DD: the day the entry happened. */
  date: string;
}

/** `R` is the record type the picker's list endpoint answers with. */
export interface EntryKind<R> {
  /** Page heading, also the submit button's label. */
  title: string;
  partyLabel: string;
  partyPlaceholder: string;
  /** Credit/Debit values the form offers (DESIGN §5: expenses and salaries are paid out). */
  creditDebit: readonly CreditDebit[];
  parties: {
    path: string;
    messages: ApiMessages;
    /** Maps a listed record to a party; undefined leaves it out of the picker. */
    toParty: (record: R) => Party | undefined;
  };
  post: {
    path: string;
    messages: ApiMessages;
    toBody: (entry: EntryInput) => IncomeEntryBody | ExpenseEntryBody | SalaryEntryBody;
  };
  added: string;
}

export const incomeKind: EntryKind<Client> = {
  title: 'Add Income',
  partyLabel: 'Client',
  partyPlaceholder: 'Select client',
  creditDebit: ['Credit', 'Debit'],
  parties: {
    path: '/clients/getClients',
    messages: { failure: messages.failedFetchClients, error: messages.errorFetchingClients },
    toParty: (client) => ({ id: client.id, name: client.name }),
  },
  post: {
    path: '/incoms/addIncome',
    messages: { failure: messages.failedAddIncomeEntry, error: messages.errorSubmittingIncome },
    toBody: ({ party, ...rest }): IncomeEntryBody => ({
      clientId: party.id,
      clientName: party.name,
      ...rest,
    }),
  },
  added: messages.incomeEntryAdded,
};

export const expenseKind: EntryKind<ExpenseType> = {
  title: 'Add Expense',
  partyLabel: 'Expense Type',
  partyPlaceholder: 'Select expense type',
  creditDebit: ['Credit'],
  parties: {
    // The forms use the lower-case spelling of this path (spec §7).
    path: '/expance/getexpancetype',
    messages: {
      failure: messages.failedFetchExpenseTypes,
      error: messages.errorFetchingExpenseTypes,
    },
    // Suspended types take no new expenses (spec §5); the server refuses them too.
    toParty: (type) =>
      type.status === 'Active' ? { id: type.id, name: type.expancetype } : undefined,
  },
  post: {
    path: '/expance/addexpance',
    messages: { failure: messages.failedAddExpenseEntry, error: messages.errorSubmittingExpense },
    toBody: ({ party, ...rest }): ExpenseEntryBody => ({
      expanceTypeId: party.id,
      expanceTypeName: party.name,
      ...rest,
    }),
  },
  added: messages.expenseEntryAdded,
};

export const salaryKind: EntryKind<Employee> = {
  title: 'Add Salary',
  partyLabel: 'Employee',
  partyPlaceholder: 'Select employee',
  creditDebit: ['Credit'],
  parties: {
    path: '/employees/getEmployees',
    messages: { failure: messages.failedFetchEmployees, error: messages.errorFetchingEmployees },
    toParty: (employee) => ({ id: employee.id, name: employee.name }),
  },
  post: {
    path: '/expance/addsalery',
    messages: { failure: messages.failedAddSalaryEntry, error: messages.errorSubmittingSalary },
    toBody: ({ party, ...rest }): SalaryEntryBody => ({
      employeeId: party.id,
      employeeName: party.name,
      ...rest,
    }),
  },
  added: messages.salaryEntryAdded,
};
