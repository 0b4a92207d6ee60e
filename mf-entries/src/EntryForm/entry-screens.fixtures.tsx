// The entry screens' cases and the calls they make, shared by the entry form's test files.
import type { ReactElement } from 'react';
import type { ComponentType } from 'react';
import type { Client, Employee, Endpoint, ExpenseType } from 'contract/browser';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { answerEachTest, mockAccounts, openScreenEachTest, renderAt } from '../testing';
import { toIsoDate } from 'shared-ui';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import { IncomePage } from '../IncomePage';
import { SalaryPage } from '../SalaryPage';

export const ACME: Client = { id: 3, name: 'Acme', email: 'a@acme.test', companyName: 'Acme Ltd' };
export const SARA: Employee = { id: 5, name: 'Sara', email: 's@office.test', number: '0301' };
export const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
export const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Suspended' };
export const ENTRY = {
  id: 9,
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  amount: 1,
  description: '',
  Creditdebit: 'Credit',
  date: '2026-11-23',
  createdAt: '2026-11-23T10:00:00.000Z',
  reversesId: null,
} as const;
export const RECORDED = { message: 'ok', entry: ENTRY };
export const TODAY = toIsoDate(new Date());

/** The forms render inside a router, as in the app. */
export const render = (ui: ReactElement, path = '/') => renderAt(path, ui);

export interface Case {
  screen: string;
  Page: ComponentType;
  title: string;
  picker: string;
  placeholder: string;
  party: string;
  /** What the picker shows for the party (a client with their company). */
  option: string;
  creditDebit: string[];
  list: Endpoint;
  listed: unknown;
  listMessages: { failure: string; error: string };
  post: typeof endpoints.addIncome | typeof endpoints.addExpense | typeof endpoints.addSalary;
  body: Record<string, unknown>;
  postMessages: { failure: string; error: string };
  added: string;
}

export const CASES: Case[] = [
  {
    screen: 'Income',
    Page: IncomePage,
    title: 'Add Income',
    picker: 'Client',
    placeholder: 'Select client',
    party: 'Acme',
    option: 'Acme (Acme Ltd)',
    creditDebit: ['Credit', 'Debit'],
    list: endpoints.listClients,
    listed: { users: [ACME] },
    listMessages: { failure: 'Failed to fetch clients', error: 'Error fetching clients' },
    post: endpoints.addIncome,
    body: { clientId: 3, clientName: 'Acme' },
    postMessages: { failure: 'Failed to add income', error: 'Error submitting income' },
    added: 'Income Added Successfully',
  },
  {
    screen: 'Expances',
    Page: ExpensePage,
    title: 'Add Expense',
    picker: 'Expense Type',
    placeholder: 'Select expense type',
    party: 'Rent',
    option: 'Rent',
    creditDebit: ['Credit'],
    list: endpoints.listExpenseTypesForEntries,
    listed: { users: [RENT, FUEL] },
    listMessages: {
      failure: 'Failed to fetch expense types',
      error: 'Error fetching expense types',
    },
    post: endpoints.addExpense,
    body: { expanceTypeId: 1, expanceTypeName: 'Rent' },
    postMessages: { failure: 'Failed to add Expense', error: 'Error submitting Expense' },
    added: 'Expense Added Successfully',
  },
  {
    screen: 'Salary',
    Page: SalaryPage,
    title: 'Add Salary',
    picker: 'Employee',
    placeholder: 'Select employee',
    party: 'Sara',
    option: 'Sara',
    creditDebit: ['Credit'],
    list: endpoints.listEmployees,
    listed: { users: [SARA] },
    listMessages: { failure: 'Failed to fetch employees', error: 'Error fetching employees' },
    post: endpoints.addSalary,
    body: { employeeId: 5, employeeName: 'Sara' },
    postMessages: { failure: 'Failed to add Salary', error: 'Error submitting Salary' },
    added: 'Salary Added Successfully',
  },
];

/** The calls every entry screen makes, answered afresh before each test. */
/** What a case's form sends for a Credit dated today with no description, but for `fields`. */
export const creditToday = (c: Case, fields: Record<string, unknown>) => ({
  ...c.body,
  description: '',
  Creditdebit: 'Credit',
  date: TODAY,
  ...fields,
});

/**
 * In a case's tests: before each, its picker's list answered (`list`) and its recording answered
 * with RECORDED (`post`). The mocks returned are those of the test running.
 */
export const answerCase = (c: Case) => ({
  list: answerEachTest(c.list, c.listed as never),
  post: answerEachTest(c.post, RECORDED),
});

/**
 * Before each test: the form's user (staff) signed in with no remembered accounts, and the calls
 * every entry screen makes answered. The mocks returned are those of the test running.
 */
export function mockEntryScreens() {
  // The account each form remembers per party and user starts empty.
  beforeEach(() => window.localStorage.clear());
  const dialogs = openScreenEachTest('staff');
  // The forms say through which day the books are closed (the journal's call).
  const booksClosed = answerEachTest(endpoints.getBooksClosed, {
    closedThrough: null,
    canMove: false,
  });
  // Saves are confirmed by the spec's alert unless the user's preference says otherwise.
  const preferences = answerEachTest(endpoints.getPreferences, { confirmWithNotice: false });
  // Under each form: what the user recorded in it today.
  const justRecorded = answerEachTest(endpoints.listJustRecorded, { entries: [] });
  beforeEach(() => {
    // The Income form shows the chosen client's balance.
    mockEndpoint(endpoints.getClientBalance, (call) => ({
      clientId: Number(call.params.id),
      balance: 0,
    }));
    // Money that moves is paid from or into an account (the default preselected).
    mockAccounts();
    // The Expances form says how much of the month's budget the chosen type has used.
    mockEndpoint(endpoints.getExpenseTypeBudget, (call) => ({
      expenseTypeId: Number(call.params.id),
      month: String(call.query.month),
      budget: null,
      actual: 0,
      percentUsed: null,
      overBudget: false,
    }));
  });
  return { dialogs, booksClosed, preferences, justRecorded };
}
