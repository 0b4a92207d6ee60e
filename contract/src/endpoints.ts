// Every call of the API (spec §7, paths spelt as the spec spells them), once. The key of each
// entry is its OpenAPI operationId; the api registers one route per entry and nothing else, and
// the apps call them through shared-ui's typed client.
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint, type EndpointTexts } from './endpoint.js';
import {
  EntryMutation,
  ExpenseEntryBody,
  ExpenseTypeBody,
  ExpenseTypeList,
  ExpenseTypeMutation,
  ExpenseTypeStatusParams,
  IdempotencyHeaders,
  IncomeEntryBody,
  SalaryEntryBody,
} from './expenses.js';
import { messages } from './messages.js';
import {
  ClientBody,
  ClientList,
  ClientMutation,
  EmployeeBody,
  EmployeeList,
  EmployeeMutation,
} from './people.js';
import {
  ClientLedger,
  ClientLedgerQuery,
  ClientsVsSales,
  DateRangeQuery,
  EmployeeLedger,
  EmployeeLedgerQuery,
  EmployeesVsSalary,
  ExpenseLedger,
  ExpenseLedgerQuery,
  ExpenseVsType,
  Finance,
  FinanceQuery,
  IncomeReport,
  Totals,
  Yearly,
  YearlyQuery,
} from './reports.js';
import {
  LoginBody,
  LoginResponse,
  RegisterUserBody,
  UpdateUserBody,
  UserList,
  UserMutation,
} from './users.js';

const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });

/** Reports and dashboard figures: one text whatever went wrong (spec §8). */
const DATA = texts(messages.errorFetchingData);

const users = {
  login: endpoint({
    method: 'POST',
    path: '/users/login',
    tag: 'users',
    summary: 'Sign in with e-mail and password',
    access: 'public',
    body: LoginBody,
    responses: { 200: LoginResponse },
    errors: [401, 429],
    texts: texts(messages.invalidCredentials, messages.somethingWentWrong),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/users/logout',
    tag: 'users',
    summary: 'Sign out: revokes the session token',
    access: 'signedIn',
    responses: { 200: MessageResponse },
    errors: [],
    // Never shown: signing out locally goes ahead whatever the server says.
    texts: texts('Logout failed'),
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/users/getUser',
    tag: 'users',
    summary: 'List users',
    access: 'signedIn',
    responses: { 200: UserList },
    errors: [],
    texts: texts(messages.failedFetchUsers, messages.errorFetchingUsers),
  }),
  registerUser: endpoint({
    method: 'POST',
    path: '/users/register',
    tag: 'users',
    summary: 'Add a user (admins only)',
    access: 'admin',
    body: RegisterUserBody,
    responses: { 201: UserMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddUser, messages.errorAddingUser),
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/users/updateuser/:id',
    tag: 'users',
    summary: 'Change a user (admins only); the password only when given',
    access: 'admin',
    params: IdParams,
    body: UpdateUserBody,
    responses: { 200: UserMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateUser, messages.errorUpdatingUser),
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/users/deleteUser/:id',
    tag: 'users',
    summary: 'Delete a user (admins only)',
    access: 'admin',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteUser, messages.errorDeletingUser),
  }),
};

const employees = {
  listEmployees: endpoint({
    method: 'GET',
    path: '/employees/getEmployees',
    tag: 'employees',
    summary: 'List every employee',
    access: 'signedIn',
    responses: { 200: EmployeeList },
    errors: [],
    texts: texts(messages.failedFetchEmployees, messages.errorFetchingEmployees),
  }),
  addEmployee: endpoint({
    method: 'POST',
    path: '/employees/addEmployee',
    tag: 'employees',
    summary: 'Add employee',
    access: 'signedIn',
    body: EmployeeBody,
    responses: { 201: EmployeeMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddEmployee, messages.errorAddingEmployee),
  }),
  updateEmployee: endpoint({
    method: 'PUT',
    path: '/employees/updateEmployee/:id',
    tag: 'employees',
    summary: 'Change employee',
    access: 'signedIn',
    params: IdParams,
    body: EmployeeBody,
    responses: { 200: EmployeeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateEmployee, messages.errorUpdatingEmployee),
  }),
  deleteEmployee: endpoint({
    method: 'DELETE',
    path: '/employees/deleteEmployee/:id',
    tag: 'employees',
    summary: 'Delete employee that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteEmployee, messages.errorDeletingEmployee),
  }),
};

const clients = {
  listClients: endpoint({
    method: 'GET',
    path: '/clients/getClients',
    tag: 'clients',
    summary: 'List every client',
    access: 'signedIn',
    responses: { 200: ClientList },
    errors: [],
    texts: texts(messages.failedFetchClients, messages.errorFetchingClients),
  }),
  addClient: endpoint({
    method: 'POST',
    path: '/clients/addClient',
    tag: 'clients',
    summary: 'Add client',
    access: 'signedIn',
    body: ClientBody,
    responses: { 201: ClientMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddClient, messages.errorAddingClient),
  }),
  updateClient: endpoint({
    method: 'PUT',
    path: '/clients/updateClient/:id',
    tag: 'clients',
    summary: 'Change client',
    access: 'signedIn',
    params: IdParams,
    body: ClientBody,
    responses: { 200: ClientMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateClient, messages.errorUpdatingClient),
  }),
  deleteClient: endpoint({
    method: 'DELETE',
    path: '/clients/deleteClient/:id',
    tag: 'clients',
    summary: 'Delete client that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteClient, messages.errorDeletingClient),
  }),
};

const listExpenseTypes = {
  method: 'GET',
  tag: 'expense types',
  access: 'signedIn',
  responses: { 200: ExpenseTypeList },
  errors: [],
  texts: texts(messages.failedFetchExpenseTypes, messages.errorFetchingExpenseTypes),
} as const;

const expenseTypes = {
  // Settings asks with a capital E, the entry forms without (spec §7): both answer the same.
  listExpenseTypes: endpoint({
    ...listExpenseTypes,
    path: '/expance/getExpancetype',
    summary: 'List every expense type (the spelling Settings uses)',
  }),
  listExpenseTypesForEntries: endpoint({
    ...listExpenseTypes,
    path: '/expance/getexpancetype',
    summary: 'List every expense type (the spelling the entry forms use)',
  }),
  addExpenseType: endpoint({
    method: 'POST',
    path: '/expance/addexpancetype',
    tag: 'expense types',
    summary: 'Add expense type',
    access: 'signedIn',
    body: ExpenseTypeBody,
    responses: { 201: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddExpenseType, messages.errorAddingExpenseType),
  }),
  updateExpenseType: endpoint({
    method: 'PUT',
    path: '/expance/updateexpancetype/:id',
    tag: 'expense types',
    summary: 'Change expense type',
    access: 'signedIn',
    params: IdParams,
    body: ExpenseTypeBody,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateExpenseType, messages.errorUpdatingExpenseType),
  }),
  deleteExpenseType: endpoint({
    method: 'DELETE',
    path: '/expance/deleteexpance/:id',
    tag: 'expense types',
    summary: 'Delete expense type that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteExpenseType, messages.errorDeletingExpenseType),
  }),
  toggleExpenseTypeStatus: endpoint({
    method: 'PUT',
    path: '/expance/D_A_xpancetype/:id/:currentStatus',
    tag: 'expense types',
    summary: 'Suspend an Active expense type, or activate any other',
    access: 'signedIn',
    params: ExpenseTypeStatusParams,
    responses: { 200: ExpenseTypeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateStatus, messages.errorUpdatingStatus),
  }),
};

const addEntry = {
  method: 'POST',
  tag: 'entries',
  description:
    'Send an Idempotency-Key header to make the submission safe to repeat: the same key ' +
    'answers with the first entry and records nothing new.',
  access: 'signedIn',
  headers: IdempotencyHeaders,
  // 201 records the entry; 200 answers a repeated Idempotency-Key with the entry already made.
  responses: { 200: EntryMutation, 201: EntryMutation },
  errors: [404, 409],
} as const;

const entries = {
  addExpense: endpoint({
    ...addEntry,
    path: '/expance/addexpance',
    summary: 'Record an expense (Credit only, Active expense types only)',
    body: ExpenseEntryBody,
    texts: texts(messages.failedAddExpenseEntry, messages.errorSubmittingExpense),
  }),
  addIncome: endpoint({
    ...addEntry,
    path: '/incoms/addIncome',
    summary: 'Record income: Debit bills the client, Credit records a payment received',
    body: IncomeEntryBody,
    texts: texts(messages.failedAddIncomeEntry, messages.errorSubmittingIncome),
  }),
  addSalary: endpoint({
    ...addEntry,
    path: '/expance/addsalery',
    summary: 'Record a salary payment (Credit only)',
    body: SalaryEntryBody,
    texts: texts(messages.failedAddSalaryEntry, messages.errorSubmittingSalary),
  }),
};

const reports = {
  getTotals: endpoint({
    method: 'GET',
    path: '/dashboard/totals',
    tag: 'reports',
    summary: 'Head-counts: admins, employees, clients',
    access: 'signedIn',
    responses: { 200: Totals },
    errors: [],
    texts: DATA,
  }),
  getFinance: endpoint({
    method: 'GET',
    path: '/dashboard/finance',
    tag: 'reports',
    summary: 'Income received, salary and expense paid in a range (default: this month)',
    access: 'signedIn',
    query: FinanceQuery,
    responses: { 200: Finance },
    errors: [],
    texts: DATA,
  }),
  getClientsVsSales: endpoint({
    method: 'GET',
    path: '/dashboard/getClientsVsSales',
    tag: 'reports',
    summary: 'Per client: total billed (Debit), received (Credit) and pending',
    access: 'signedIn',
    responses: { 200: ClientsVsSales },
    errors: [],
    texts: DATA,
  }),
  getEmployeesVsSalary: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeesVsSalary',
    tag: 'reports',
    summary: 'Salary paid per employee in a range (empty dates: all time)',
    access: 'signedIn',
    query: DateRangeQuery,
    responses: { 200: EmployeesVsSalary },
    errors: [],
    texts: DATA,
  }),
  getExpenseVsType: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseVsType',
    tag: 'reports',
    summary: 'Expense per expense type in a range (default: this month)',
    access: 'signedIn',
    query: DateRangeQuery,
    responses: { 200: ExpenseVsType },
    errors: [],
    texts: DATA,
  }),
  getIncomeReport: endpoint({
    method: 'GET',
    path: '/dashboard/getIncomeReport',
    tag: 'reports',
    summary: 'Income received per day',
    access: 'signedIn',
    responses: { 200: IncomeReport },
    errors: [],
    texts: DATA,
  }),
  getYearly: endpoint({
    method: 'GET',
    path: '/dashboard/yearly',
    tag: 'reports',
    summary: 'Income, salary, expense and profit/loss for each month of a year',
    access: 'signedIn',
    query: YearlyQuery,
    responses: { 200: Yearly },
    errors: [],
    texts: DATA,
  }),
};

const ledgers = {
  getClientLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getClientLedger',
    tag: 'ledgers',
    summary: "A client's entries with running balance (default: this month)",
    access: 'signedIn',
    query: ClientLedgerQuery,
    responses: { 200: ClientLedger },
    errors: [404],
    texts: texts(messages.errorFetchingLedger),
  }),
  getEmployeeLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getEmployeeLedger',
    tag: 'ledgers',
    summary: "An employee's salary entries with running total (default: this month)",
    access: 'signedIn',
    query: EmployeeLedgerQuery,
    responses: { 200: EmployeeLedger },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  getExpenseLedger: endpoint({
    method: 'GET',
    path: '/dashboard/getExpenseLedger',
    tag: 'ledgers',
    summary: 'Every expense entry with running total (default: this month)',
    access: 'signedIn',
    query: ExpenseLedgerQuery,
    responses: { 200: ExpenseLedger },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
};

/** Every call of the API by operationId. */
export const endpoints = {
  ...users,
  ...employees,
  ...clients,
  ...expenseTypes,
  ...entries,
  ...reports,
  ...ledgers,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
