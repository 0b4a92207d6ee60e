// Every call of the API (docs/product.md#calls, paths spelt as the spec spells them), once. The key of each
// entry is its OpenAPI operationId; the api registers one route per entry and nothing else, and
// the apps call them through shared-ui's typed client.
import {
  ActivityCsvQuery,
  ActivityPage,
  ActivityQuery,
  CurrentUser,
  SessionList,
  SessionsEnded,
  SessionsQuery,
} from './activity.js';
import { CsvText, IdParams, MessageResponse } from './common.js';
import { BackupBytes, BackupList, BackupNameParams, BackupTaken } from './backups.js';
import { BatchList, BatchListQuery, BatchReversed, ReverseBatchBody } from './batches.js';
import { PayrollPosted, PayrollQuery, PayrollSheet, PostPayrollBody } from './payroll.js';
import {
  DueList,
  OccurrenceRef,
  OccurrencesPosted,
  PostOccurrencesBody,
  ScheduleAutoPostBody,
  ScheduleBody,
  ScheduleList,
  ScheduleMutation,
  ScheduleStateBody,
} from './recurring.js';
import {
  ChangePasswordBody,
  LoginAnswer,
  LoginCodeBody,
  SecuritySettings,
  TwoStepCodeBody,
  TwoStepDisableBody,
  TwoStepEnabled,
  TwoStepSetup,
  TwoStepStatus,
  TwoStepUsers,
} from './two-step.js';
import { defineEndpoint as endpoint, type EndpointTexts } from './endpoint.js';
import { companyEndpoints, exportEndpoints } from './exports.js';
import { payslipEndpoints } from './payslip.js';
import { releaseEndpoints } from './releases.js';
import { clerkEndpoints } from './clerk.js';
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
import {
  BooksClosed,
  BooksClosedBody,
  CorrectBody,
  CorrectResponse,
  JournalPage,
  JournalQuery,
  JournalTotals,
  JournalTotalsQuery,
  ReverseBody,
  ReverseParams,
  ReverseResponse,
} from './journal.js';
import { apiMessages, importMessages, messages } from './messages.js';
import { ImportDone, ImportList, ImportPreview } from './imports.js';
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
  EmployeeLedger,
  EmployeeLedgerQuery,
  EmployeesVsSalary,
  ExpenseLedger,
  ExpenseLedgerQuery,
  ExpenseVsType,
  Finance,
  LedgerOpening,
  LedgerOpeningQuery,
  PartyBalances,
  PartyBalancesQuery,
  FinanceQuery,
  IncomeReport,
  IncomeReportQuery,
  ReportRangeQuery,
  Totals,
  Yearly,
  YearlyQuery,
  ClientLedgerPage,
  ClientLedgerPageQuery,
  EmployeeLedgerPage,
  EmployeeLedgerPageQuery,
  ExpenseLedgerPage,
  ExpenseLedgerPageQuery,
} from './reports.js';
import {
  LoginBody,
  LoginResponse,
  RegisterUserBody,
  UpdateUserBody,
  UserList,
  UserMutation,
} from './users.js';
import { receiptEndpoints } from './receipt-endpoints.js';
import { monthEndEndpoints } from './month-end-endpoints.js';
import { accountEndpoints } from './account-endpoints.js';

const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });

/** Reports and dashboard figures: one text whatever went wrong (docs/product.md#messages). */
const DATA = texts(messages.errorFetchingData);

const users = {
  login: endpoint({
    method: 'POST',
    path: '/users/login',
    tag: 'users',
    summary: 'Sign in with e-mail and password',
    access: 'public',
    description:
      'A user with two-step sign-in on gets no token for the password alone: the answer holds ' +
      '`twoStep.challenge`, to send with the code to /users/login/code.',
    body: LoginBody,
    responses: { 200: LoginAnswer },
    errors: [401, 429],
    texts: texts(messages.invalidCredentials, messages.somethingWentWrong),
  }),
  loginCode: endpoint({
    method: 'POST',
    path: '/users/login/code',
    tag: 'users',
    summary: 'Second step of a sign-in: the code from the authenticator app, or a recovery code',
    description:
      'Each code signs in once: a code whose time step was already used, or a used recovery ' +
      'code, is refused. Throttled like passwords.',
    access: 'public',
    body: LoginCodeBody,
    responses: { 200: LoginResponse },
    errors: [401, 429],
    texts: texts(messages.invalidCredentials, messages.failedVerifyCode),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/users/logout',
    tag: 'users',
    summary: 'Sign out: revokes the session token',
    access: 'signedIn',
    ownAccount: true,
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
  listTwoStepUsers: endpoint({
    method: 'GET',
    path: '/users/two-step',
    tag: 'users',
    summary: 'The users who have two-step sign-in on (admins only)',
    access: 'admin',
    responses: { 200: TwoStepUsers },
    errors: [],
    texts: texts(messages.failedFetchUsers, messages.errorFetchingUsers),
  }),
  turnOffUserTwoStep: endpoint({
    method: 'DELETE',
    path: '/users/two-step/:id',
    tag: 'users',
    summary: "Turn off a user's two-step sign-in, e.g. after a lost phone (admins only)",
    access: 'admin',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404],
    texts: texts(messages.failedTurnOffTwoStep, messages.errorTurningOffTwoStep),
  }),
};

const account = {
  changeOwnPassword: endpoint({
    method: 'PUT',
    path: '/account/password',
    tag: 'account',
    summary: "Change one's own password (the current one required); other sessions end",
    access: 'signedIn',
    ownAccount: true,
    body: ChangePasswordBody,
    responses: { 200: MessageResponse },
    errors: [429],
    texts: texts(messages.failedChangePassword, messages.errorChangingPassword),
  }),
  getTwoStep: endpoint({
    method: 'GET',
    path: '/account/two-step',
    tag: 'account',
    summary: "Whether one's own two-step sign-in is on, and how many recovery codes are left",
    access: 'signedIn',
    ownAccount: true,
    responses: { 200: TwoStepStatus },
    errors: [],
    texts: texts(messages.failedLoadTwoStep, messages.errorLoadingTwoStep),
  }),
  setUpTwoStep: endpoint({
    method: 'POST',
    path: '/account/two-step/setup',
    tag: 'account',
    summary: 'A new secret for an authenticator app; not in force until turned on with a code',
    access: 'signedIn',
    ownAccount: true,
    responses: { 200: TwoStepSetup },
    errors: [409],
    texts: texts(messages.failedSetUpTwoStep, messages.errorSettingUpTwoStep),
  }),
  turnOnTwoStep: endpoint({
    method: 'POST',
    path: '/account/two-step/enable',
    tag: 'account',
    summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
    access: 'signedIn',
    ownAccount: true,
    body: TwoStepCodeBody,
    responses: { 200: TwoStepEnabled },
    errors: [409],
    texts: texts(messages.failedTurnOnTwoStep, messages.errorTurningOnTwoStep),
  }),
  turnOffTwoStep: endpoint({
    method: 'POST',
    path: '/account/two-step/disable',
    tag: 'account',
    summary: "Turn one's own two-step sign-in off (the password required)",
    access: 'signedIn',
    ownAccount: true,
    body: TwoStepDisableBody,
    responses: { 200: MessageResponse },
    errors: [409, 429],
    texts: texts(messages.failedTurnOffTwoStep, messages.errorTurningOffTwoStep),
  }),
};

const settings = {
  getSecuritySettings: endpoint({
    method: 'GET',
    path: '/settings/security',
    tag: 'settings',
    summary: 'Security settings: whether every admin must use two-step sign-in',
    access: 'signedIn',
    responses: { 200: SecuritySettings },
    errors: [],
    texts: texts(messages.failedLoadSecurity, messages.errorLoadingSecurity),
  }),
  saveSecuritySettings: endpoint({
    method: 'PUT',
    path: '/settings/security',
    tag: 'settings',
    summary: 'Change the security settings (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlySecurity,
    body: SecuritySettings,
    responses: { 200: SecuritySettings },
    errors: [409],
    texts: texts(messages.failedSaveSecurity, messages.errorSavingSecurity),
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
  // Settings asks with a capital E, the entry forms without (docs/product.md#calls): both answer the same.
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
    query: ReportRangeQuery,
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
    query: ReportRangeQuery,
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
    query: IncomeReportQuery,
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
  getLedgerOpening: endpoint({
    method: 'GET',
    path: '/ledgers/opening',
    tag: 'ledgers',
    summary: 'The balance a ledger brings forward into a range (default: this month)',
    description:
      'Every entry dated before startDate: for a client, Debit adds what is owed and Credit ' +
      'takes it off; for an employee or the expenses, what was paid. partyId names the client ' +
      'or employee; the expense ledger takes none.',
    access: 'signedIn',
    query: LedgerOpeningQuery,
    responses: { 200: LedgerOpening },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listPartyBalances: endpoint({
    method: 'GET',
    path: '/ledgers/balances',
    tag: 'ledgers',
    summary:
      "Each client's or employee's balance as their ledger ends (Manage Clients, Manage Employees)",
    description:
      'For a client, every Debit less every Credit (positive: the client owes); for an employee, ' +
      'everything paid. Read from the monthly roll-ups: one row per party with entries.',
    access: 'signedIn',
    query: PartyBalancesQuery,
    responses: { 200: PartyBalances },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
};

const JOURNAL_LOAD = texts(messages.failedLoadJournal, messages.errorLoadingJournal);

const journal = {
  listJournal: endpoint({
    method: 'GET',
    path: '/journal',
    tag: 'journal',
    summary: 'Every entry, newest first, filtered; one page at a time by position',
    description:
      'Pass `next` from a page as `after` for the following page. Text matches any part of ' +
      'the description or the party name, case-insensitive; amount bounds apply to the ' +
      "amount's size, so an entry and its reversal match together.",
    access: 'signedIn',
    query: JournalQuery,
    responses: { 200: JournalPage },
    errors: [],
    texts: JOURNAL_LOAD,
  }),
  getJournalTotals: endpoint({
    method: 'GET',
    path: '/journal/totals',
    tag: 'journal',
    summary: 'How many entries match and their Credit and Debit totals',
    access: 'signedIn',
    query: JournalTotalsQuery,
    responses: { 200: JournalTotals },
    errors: [],
    texts: JOURNAL_LOAD,
  }),
  journalCsv: endpoint({
    method: 'GET',
    path: '/journal/csv',
    tag: 'journal',
    summary: 'Every matching entry as CSV, streamed, ending with a totals row',
    access: 'signedIn',
    query: JournalTotalsQuery,
    responses: { 200: CsvText },
    file: { mediaType: 'text/csv', fileName: 'journal.csv' },
    errors: [429],
    texts: texts(messages.failedDownloadCsv, messages.errorDownloadingCsv),
  }),
  reverseEntry: endpoint({
    method: 'POST',
    path: '/journal/:id/reverse',
    tag: 'journal',
    summary: 'Reverse an entry: a new entry that cancels it in every figure',
    description:
      'Once per entry; a reversal cannot be reversed. Send an Idempotency-Key header to ' +
      'make the call safe to repeat.',
    access: 'signedIn',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: ReverseBody,
    // 201 records the reversal; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: ReverseResponse, 201: ReverseResponse },
    errors: [404, 409],
    texts: texts(messages.failedReverseEntry, messages.errorReversingEntry),
  }),
  correctEntry: endpoint({
    method: 'POST',
    path: '/journal/:id/correct',
    tag: 'journal',
    summary: 'Correct an entry in one step: its reversal and the corrected entry, both or neither',
    description:
      "Fields left out keep the entry's value; its receipts are carried over to the corrected " +
      'entry. Refused for a reversal, an entry reversed already, a correction that changes ' +
      "nothing, and when the entry's day or the new day is in the closed period. Send an " +
      'Idempotency-Key header to make the call safe to repeat.',
    access: 'signedIn',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: CorrectBody,
    // 201 records the correction; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: CorrectResponse, 201: CorrectResponse },
    errors: [404, 409],
    texts: texts(messages.failedCorrectEntry, messages.errorCorrectingEntry),
  }),
  getBooksClosed: endpoint({
    method: 'GET',
    path: '/journal/closed',
    tag: 'journal',
    summary: 'The day the books are closed through (null: none)',
    access: 'signedIn',
    responses: { 200: BooksClosed },
    errors: [],
    texts: texts(messages.failedLoadBooksClosed, messages.errorLoadingBooksClosed),
  }),
  moveBooksClosed: endpoint({
    method: 'PUT',
    path: '/journal/closed',
    tag: 'journal',
    summary: 'Move the day the books are closed through (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBooks,
    body: BooksClosedBody,
    responses: { 200: BooksClosed },
    errors: [],
    texts: texts(messages.failedSaveBooksClosed, messages.errorSavingBooksClosed),
  }),
};

const activity = {
  listActivity: endpoint({
    method: 'GET',
    path: '/activity',
    tag: 'activity',
    summary: 'The audit log, newest first (admins only); pass `next` as `after` to page on',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    query: ActivityQuery,
    responses: { 200: ActivityPage },
    errors: [],
    texts: texts(messages.failedFetchActivity, messages.errorFetchingActivity),
  }),
  activityCsv: endpoint({
    method: 'GET',
    path: '/activity/csv',
    tag: 'activity',
    summary: 'Every row that matches the filters, as CSV (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    query: ActivityCsvQuery,
    responses: { 200: CsvText },
    file: { mediaType: 'text/csv', fileName: 'activity.csv' },
    errors: [],
    texts: texts(messages.failedDownload, messages.errorDownloading),
  }),
};

const sessions = {
  getCurrentUser: endpoint({
    method: 'GET',
    path: '/sessions/current',
    tag: 'sessions',
    summary: 'The signed-in user of this session',
    access: 'signedIn',
    responses: { 200: CurrentUser },
    errors: [],
    // Never shown: the sidebar only leaves the admin links out when it cannot tell.
    texts: texts(messages.somethingWentWrong),
  }),
  endOtherSessions: endpoint({
    method: 'DELETE',
    path: '/sessions/others',
    tag: 'sessions',
    summary: 'Sign out everywhere else: ends every session of the caller but this one',
    access: 'signedIn',
    ownAccount: true,
    responses: { 200: SessionsEnded },
    errors: [],
    texts: texts(messages.failedSignOutEverywhereElse, messages.errorSignOutEverywhereElse),
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/sessions',
    tag: 'sessions',
    summary: "Every open session, or one user's (admins only)",
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    query: SessionsQuery,
    responses: { 200: SessionList },
    errors: [],
    texts: texts(messages.failedFetchSessions, messages.errorFetchingSessions),
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/sessions/:id',
    tag: 'sessions',
    summary: 'End one session (admins only); its next call answers 401',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404],
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
  endUserSessions: endpoint({
    method: 'DELETE',
    path: '/sessions/user/:id',
    tag: 'sessions',
    summary: 'End every session of a user (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: SessionsEnded },
    errors: [404],
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
};

const backups = {
  listBackups: endpoint({
    method: 'GET',
    path: '/backups',
    tag: 'backups',
    summary:
      'The kept backups with their manifests, the schedule and the last failure (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 200: BackupList },
    errors: [],
    texts: texts(messages.failedLoadBackups, messages.errorLoadingBackups),
  }),
  takeBackupNow: endpoint({
    method: 'POST',
    path: '/backups',
    tag: 'backups',
    summary:
      'Take a backup now, as the schedule does, and keep the newest BACKUP_KEEP (admins only)',
    description:
      'Answers once the file is written and read back. 409 when backups are off, when one is ' +
      'being taken (by this or another server process), or when it failed (the message says why).',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 201: BackupTaken },
    errors: [409],
    texts: texts(messages.failedBackUp, messages.errorBackingUp),
  }),
  downloadBackup: endpoint({
    method: 'GET',
    path: '/backups/:name/download',
    tag: 'backups',
    summary:
      'One kept backup file, streamed as an attachment; recorded in the activity (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    params: BackupNameParams,
    responses: { 200: BackupBytes },
    file: { mediaType: 'application/octet-stream', fileName: 'office.backup' },
    errors: [404],
    texts: texts(messages.failedDownloadBackup, messages.errorDownloadingBackup),
  }),
};

const batches = {
  listBatches: endpoint({
    method: 'GET',
    path: '/batches',
    tag: 'batches',
    summary: 'Batches of entries written in one step (imports, payroll runs, repeating entries)',
    description: 'Newest first; `kind` keeps one kind.',
    access: 'signedIn',
    query: BatchListQuery,
    responses: { 200: BatchList },
    errors: [],
    texts: texts(messages.failedLoadBatches, messages.errorLoadingBatches),
  }),
  reverseBatch: endpoint({
    method: 'POST',
    path: '/batches/:id/reverse',
    tag: 'batches',
    summary: 'Undo a batch: one reversal for each of its entries, all or none',
    description:
      'Refused (409) when the batch is already undone, when any of its entries lies in a closed ' +
      'period, or when any of them was reversed on its own.',
    access: 'signedIn',
    params: IdParams,
    body: ReverseBatchBody,
    responses: { 200: BatchReversed },
    errors: [404, 409],
    texts: texts(messages.failedReverseBatch, messages.errorReversingBatch),
  }),
};

const payroll = {
  getPayroll: endpoint({
    method: 'GET',
    path: '/payroll',
    tag: 'payroll',
    summary: "A month's payroll sheet: every employee, their salary and what they were paid",
    description: '`month` is YYYY-MM; this month when left out.',
    access: 'signedIn',
    query: PayrollQuery,
    responses: { 200: PayrollSheet },
    errors: [],
    texts: texts(messages.failedLoadPayroll, messages.errorLoadingPayroll),
  }),
  postPayroll: endpoint({
    method: 'POST',
    path: '/payroll',
    tag: 'payroll',
    summary: 'Post a payroll run: one salary entry per line, as one batch, in one transaction',
    description:
      'Each employee is paid once per month by payroll runs: lines for employees already paid ' +
      'are left out (listed in `alreadyPaid`), whichever process or tab posted first. Dated the ' +
      "month's last day, or today in the current month. 409 when the books are closed for that day.",
    access: 'signedIn',
    body: PostPayrollBody,
    responses: { 200: PayrollPosted, 201: PayrollPosted },
    errors: [404, 409],
    texts: texts(messages.failedPostPayroll, messages.errorPostingPayroll),
  }),
};

const recurring = {
  listSchedules: endpoint({
    method: 'GET',
    path: '/recurring',
    tag: 'recurring',
    summary: 'The schedules of repeating entries',
    access: 'signedIn',
    responses: { 200: ScheduleList },
    errors: [],
    texts: texts(messages.failedLoadSchedules, messages.errorLoadingSchedules),
  }),
  addSchedule: endpoint({
    method: 'POST',
    path: '/recurring',
    tag: 'recurring',
    summary: 'Add a schedule of a repeating entry',
    access: 'signedIn',
    body: ScheduleBody,
    responses: { 201: ScheduleMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddSchedule, messages.errorAddingSchedule),
  }),
  setScheduleState: endpoint({
    method: 'PUT',
    path: '/recurring/:id/state',
    tag: 'recurring',
    summary: 'Pause, resume or end a schedule (an ended schedule stays ended)',
    access: 'signedIn',
    params: IdParams,
    body: ScheduleStateBody,
    responses: { 200: ScheduleMutation },
    errors: [404, 409],
    texts: texts(messages.failedChangeSchedule, messages.errorChangingSchedule),
  }),
  setScheduleAutoPost: endpoint({
    method: 'PUT',
    path: '/recurring/:id/auto-post',
    tag: 'recurring',
    summary: 'Turn automatic posting of a schedule on or off (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyAutoPost,
    params: IdParams,
    body: ScheduleAutoPostBody,
    responses: { 200: ScheduleMutation },
    errors: [404, 409],
    texts: texts(messages.failedChangeSchedule, messages.errorChangingSchedule),
  }),
  listDue: endpoint({
    method: 'GET',
    path: '/recurring/due',
    tag: 'recurring',
    summary: 'Every occurrence of an active schedule up to today not yet posted or skipped',
    access: 'signedIn',
    responses: { 200: DueList },
    errors: [],
    texts: texts(messages.failedLoadDue, messages.errorLoadingDue),
  }),
  postOccurrences: endpoint({
    method: 'POST',
    path: '/recurring/post',
    tag: 'recurring',
    summary: 'Post due occurrences, each dated its own day, as one batch',
    description:
      'Each occurrence is posted once: one already posted or skipped (by another tab or server ' +
      'process) is left out. 409 when one lies in a closed period; nothing is posted then.',
    access: 'signedIn',
    body: PostOccurrencesBody,
    responses: { 200: OccurrencesPosted, 201: OccurrencesPosted },
    errors: [404, 409],
    texts: texts(messages.failedPostOccurrences, messages.errorPostingOccurrences),
  }),
  skipOccurrence: endpoint({
    method: 'POST',
    path: '/recurring/skip',
    tag: 'recurring',
    summary: 'Skip a due occurrence: it is never posted',
    access: 'signedIn',
    body: OccurrenceRef,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedSkipOccurrence, messages.errorSkippingOccurrence),
  }),
};

/** The ledgers a page at a time, paged as every list is (`after` the previous page's `next`). */
const pagedLedgers = {
  listClientLedger: endpoint({
    method: 'GET',
    path: '/ledgers/client',
    tag: 'ledgers',
    summary: "A client's ledger a page at a time (default: this month)",
    description:
      "The rows and running balances of the spec's getClientLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: ClientLedgerPageQuery,
    responses: { 200: ClientLedgerPage },
    errors: [404],
    texts: texts(messages.errorFetchingLedger),
  }),
  listEmployeeLedger: endpoint({
    method: 'GET',
    path: '/ledgers/employee',
    tag: 'ledgers',
    summary: "An employee's ledger a page at a time (default: this month)",
    description:
      "The rows and running totals of the spec's getEmployeeLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: EmployeeLedgerPageQuery,
    responses: { 200: EmployeeLedgerPage },
    errors: [404],
    texts: texts(messages.errorFetchingLedgerData),
  }),
  listExpenseLedger: endpoint({
    method: 'GET',
    path: '/ledgers/expense',
    tag: 'ledgers',
    summary: 'The expense ledger a page at a time (default: this month)',
    description:
      "The rows and running totals of the spec's getExpenseLedger, up to `limit` at a time; " +
      'pass `next` as `after` for the following page.',
    access: 'signedIn',
    query: ExpenseLedgerPageQuery,
    responses: { 200: ExpenseLedgerPage },
    errors: [],
    texts: texts(messages.errorFetchingLedgerData),
  }),
};

const imports = {
  previewImport: endpoint({
    method: 'POST',
    path: '/imports/preview',
    tag: 'imports',
    summary: 'Read a file and show what an import of it would write, writing nothing',
    description:
      'multipart/form-data: `options` (ImportOptions as JSON) then `file` (.csv, .txt or .xlsx, ' +
      'up to 20 MB; 413 beyond). Detects the encoding, delimiter, header row, sheet, date and ' +
      'number formats, maps the columns, and checks every row.',
    access: 'signedIn',
    responses: { 200: ImportPreview },
    errors: [409, 413, 415],
    texts: texts(importMessages.failedPreview, importMessages.errorPreview),
  }),
  runImport: endpoint({
    method: 'POST',
    path: '/imports',
    tag: 'imports',
    summary: 'Import every ready row of a file as one batch, all or nothing',
    description:
      'The same multipart body as the preview, with the confirmed mapping and choices. 409 when ' +
      'the same file was imported before (and not undone). Undo with POST /api/batches/:id/reverse.',
    access: 'signedIn',
    responses: { 201: ImportDone },
    errors: [409, 413, 415],
    texts: texts(importMessages.failedImport, importMessages.errorImport),
  }),
  listImports: endpoint({
    method: 'GET',
    path: '/imports',
    tag: 'imports',
    summary: 'Past imports, newest first',
    access: 'signedIn',
    responses: { 200: ImportList },
    errors: [],
    texts: texts(importMessages.failedLoadImports, importMessages.errorLoadingImports),
  }),
};

/** Every call of the API by operationId. */
export const endpoints = {
  ...users,
  ...account,
  ...settings,
  ...employees,
  ...clients,
  ...expenseTypes,
  ...entries,
  ...reports,
  ...ledgers,
  ...journal,
  ...activity,
  ...sessions,
  ...backups,
  ...batches,
  ...receiptEndpoints,
  ...payroll,
  ...recurring,
  ...pagedLedgers,
  ...imports,
  ...companyEndpoints,
  ...exportEndpoints,
  ...payslipEndpoints,
  ...monthEndEndpoints,
  ...accountEndpoints,
  ...releaseEndpoints,
  ...clerkEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
