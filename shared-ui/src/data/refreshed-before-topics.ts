// What each write refreshed before the contract said what every call reads and changes: the
// hand-kept map of writes to reads the browser used until then, frozen as it last was. The
// topic-based refresh must refresh at least these (refresh.test.tsx), so no screen shows less
// fresh data than before. Test data only: nothing else reads it.

/** The general ledger's figures: the chart's balances, the statements and one account's lines. */
const LEDGER_FIGURES: readonly string[] = [
  'listLedgerAccounts',
  'getTrialBalance',
  'getBalanceSheet',
  'getProfitLoss',
  'getGeneralLedger',
];

/** Everything an entry (recorded, reversed, or behind the closing date) shows up in. */
const MONEY: readonly string[] = [
  'getFinance',
  'getClientsVsSales',
  'getEmployeesVsSalary',
  'getExpenseVsType',
  'getIncomeReport',
  'getYearly',
  'getClientLedger',
  'getEmployeeLedger',
  'getExpenseLedger',
  'getLedgerOpening',
  'listPartyBalances',
  'listJournal',
  'getJournalTotals',
  'listActivity',
  'getReceiptsMissing',
  'listClientLedger',
  'listEmployeeLedger',
  'listExpenseLedger',
  'getBudgetReport',
  'getExpenseTypeBudget',
  'getOverBudget',
  'getReceivables',
  'getMonthEnd',
  'listJustRecorded',
  'getClientBalance',
  // A payment or receipt moves its account's balance and register, and may be matched.
  'listAccounts',
  'getRegister',
  'getReconcile',
  'searchOpenItems',
  // Every entry posts its lines to the general ledger (issue 40).
  ...LEDGER_FIGURES,
];

/** An account's balances, register and reconciliation (issue 33). */
/** A money account has its ledger account; a transfer posts to both accounts' ledger lines. */
const ACCOUNTS: readonly string[] = [
  'listAccounts',
  'getRegister',
  'getReconcile',
  'searchOpenItems',
  'listActivity',
  ...LEDGER_FIGURES,
];
/** A statement's lines and their matches. */
const MATCHES: readonly string[] = [
  'getReconcile',
  'searchOpenItems',
  'getRegister',
  'listActivity',
];

/** The pickers' and Settings' expense types, and the report that names them. */
const EXPENSE_TYPES: readonly string[] = [
  'listExpenseTypes',
  'listExpenseTypesForEntries',
  'getExpenseVsType',
  'listActivity',
  // Each expense type keeps its ledger account, named and suspended with it.
  'listLedgerAccounts',
];

export const refreshedBeforeTopics: Readonly<Record<string, readonly string[]>> = {
  // Signing in and out reload the page: nothing cached outlives them.
  login: [],
  loginCode: [],
  logout: [],
  registerUser: ['listUsers', 'getTotals', 'listActivity'],
  updateUser: ['listUsers', 'getTotals', 'listActivity'],
  deleteUser: ['listUsers', 'getTotals', 'listTwoStepUsers', 'listActivity'],
  turnOffUserTwoStep: ['listTwoStepUsers', 'listActivity'],
  changeOwnPassword: ['listSessions', 'listActivity'],
  setUpTwoStep: ['getTwoStep'],
  turnOnTwoStep: ['getTwoStep', 'listTwoStepUsers', 'listActivity'],
  turnOffTwoStep: ['getTwoStep', 'listTwoStepUsers', 'listActivity'],
  saveSecuritySettings: ['listActivity'],
  addEmployee: ['listEmployees', 'getTotals', 'listActivity'],
  updateEmployee: [
    'listEmployees',
    'getEmployeesVsSalary',
    'getEmployeeLedger',
    'listActivity',
    'listEmployeeLedger',
  ],
  deleteEmployee: ['listEmployees', 'getTotals', 'listActivity'],
  addClient: ['listClients', 'getTotals', 'listActivity'],
  updateClient: [
    'listClients',
    'getClientsVsSales',
    'getClientLedger',
    'listActivity',
    'listClientLedger',
  ],
  deleteClient: ['listClients', 'getTotals', 'listActivity'],
  addExpenseType: EXPENSE_TYPES,
  updateExpenseType: [...EXPENSE_TYPES, 'getExpenseLedger', 'listExpenseLedger'],
  deleteExpenseType: EXPENSE_TYPES,
  toggleExpenseTypeStatus: EXPENSE_TYPES,
  addIncome: MONEY,
  addSalary: MONEY,
  addExpense: MONEY,
  reverseEntry: MONEY,
  correctEntry: [...MONEY, 'listReceipts'],
  moveBooksClosed: ['listActivity', 'getMonthEnd'],
  setExpenseTypeBudget: [
    'listExpenseTypes',
    'getExpenseTypeBudget',
    'getBudgetReport',
    'getOverBudget',
    'listActivity',
  ],
  closeMonth: ['getBooksClosed', 'getMonthEnd', 'listActivity'],
  endOtherSessions: ['listSessions', 'listActivity'],
  endSession: ['listSessions', 'listActivity'],
  endUserSessions: ['listSessions', 'listActivity'],
  takeBackupNow: ['listBackups', 'listActivity'],
  // The shell's health reports change no screen's figures but the Releases tab's.
  reportRemoteHealth: [],
  promoteRelease: ['listReleases', 'listActivity'],
  rollBackRelease: ['listReleases', 'listActivity'],
  reverseBatch: [...MONEY, 'listBatches'],
  addEntryWithReceipts: [...MONEY, 'listReceipts'],
  attachReceipts: [
    'listJournal',
    'getJournalTotals',
    'listReceipts',
    'getReceiptsMissing',
    'listActivity',
    'listJustRecorded',
  ],
  removeReceipt: ['listJournal', 'getJournalTotals', 'listReceipts', 'getReceiptsMissing', 'listActivity'],
  postPayroll: [...MONEY, 'getPayroll', 'listBatches'],
  addSchedule: ['listSchedules', 'listDue', 'listActivity'],
  setScheduleState: ['listSchedules', 'listDue', 'listActivity'],
  setScheduleAutoPost: ['listSchedules', 'listActivity'],
  postOccurrences: [...MONEY, 'listSchedules', 'listDue', 'listBatches'],
  skipOccurrence: ['listDue', 'listActivity'],
  previewImport: [],
  previewStatement: [],
  runImport: [
    ...MONEY,
    'listBatches',
    'listImports',
    'listClients',
    'listEmployees',
    'getTotals',
    ...EXPENSE_TYPES,
  ],
  savePreferences: ['getPreferences', 'listActivity'],
  saveCompany: ['getCompany', 'listActivity'],
  saveCompanyLogo: ['getCompany', 'listActivity'],
  removeCompanyLogo: ['getCompany', 'listActivity'],
  createAccount: ACCOUNTS,
  updateAccount: ACCOUNTS,
  createTransfer: ACCOUNTS,
  reverseTransfer: ACCOUNTS,
  importStatement: [...MATCHES, 'listStatements'],
  undoStatement: [...MATCHES, 'listStatements'],
  matchLine: MATCHES,
  matchLines: MATCHES,
  acceptSuggested: MATCHES,
  unmatchLine: MATCHES,
  excludeLine: MATCHES,
  undoExclude: MATCHES,
  createLineEntry: MONEY,
  markReconciled: ACCOUNTS,
  createBankRule: ['listBankRules', 'getReconcile', 'listActivity'],
  updateBankRule: ['listBankRules', 'getReconcile', 'listActivity'],
  updateBankSettings: ['getBankSettings', 'getReconcile', 'listActivity'],
  createLedgerAccount: [...LEDGER_FIGURES, 'listActivity'],
  updateLedgerAccount: [...LEDGER_FIGURES, 'listActivity'],
  // A voucher is an entry of the books: the Journal, the activity log and every figure show it.
  createVoucher: [...MONEY, 'listVouchers'],
  reverseVoucher: [...MONEY, 'listVouchers'],
};
