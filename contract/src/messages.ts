// The user-facing texts of the product (docs/product.md#validation, #messages), spelt exactly as the spec gives them.
// Screens and the API use these by name so that a wording lives in one place only.

export const messages = {
  // Login
  fillAllFields: 'Please fill all fields',
  invalidCredentials: 'Invalid credentials',
  somethingWentWrong: 'Something went wrong. Please try again.',

  // Users
  userAdded: 'User added successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  failedFetchUsers: 'Failed to fetch users',
  failedAddUser: 'Failed to add user',
  failedUpdateUser: 'Failed to update user',
  failedDeleteUser: 'Failed to delete user',
  errorFetchingUsers: 'Error fetching users',
  errorAddingUser: 'Error adding user',
  errorUpdatingUser: 'Error updating user',
  errorDeletingUser: 'Error deleting user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  // Not in the spec: beside the name of a deleted user wherever history shows them.
  formerUser: '(former user)',

  // Employees
  employeeAdded: 'Employee added successfully!',
  employeeUpdated: 'Employee updated successfully!',
  employeeDeleted: 'Employee deleted successfully!',
  failedFetchEmployees: 'Failed to fetch employees',
  failedAddEmployee: 'Failed to add employee',
  failedUpdateEmployee: 'Failed to update employee',
  failedDeleteEmployee: 'Failed to delete employee',
  errorFetchingEmployees: 'Error fetching employees',
  errorAddingEmployee: 'Error adding employee',
  errorUpdatingEmployee: 'Error updating employee',
  errorDeletingEmployee: 'Error deleting employee',
  confirmDeleteEmployee: 'Are you sure you want to delete this employee?',

  // Clients
  clientAdded: 'Client added successfully!',
  clientUpdated: 'Client updated successfully!',
  clientDeleted: 'Client deleted successfully!',
  failedFetchClients: 'Failed to fetch clients',
  failedAddClient: 'Failed to add client',
  failedUpdateClient: 'Failed to update client',
  failedDeleteClient: 'Failed to delete client',
  errorFetchingClients: 'Error fetching clients',
  errorAddingClient: 'Error adding client',
  errorUpdatingClient: 'Error updating client',
  errorDeletingClient: 'Error deleting client',
  confirmDeleteClient: 'Are you sure you want to delete this client?',

  // Expense types (Settings)
  enterExpenseType: 'Enter expense type',
  enterAValue: 'Enter a value',
  expenseTypeAdded: 'Expense added successfully!',
  expenseTypeUpdated: 'Expense updated successfully!',
  failedFetchExpenseTypes: 'Failed to fetch expense types',
  failedAddExpenseType: 'Failed to add expense',
  failedUpdateExpenseType: 'Failed to update expense',
  failedDeleteExpenseType: 'Failed to delete expense',
  failedUpdateStatus: 'Failed to update status',
  errorFetchingExpenseTypes: 'Error fetching expense types',
  errorAddingExpenseType: 'Error adding expense',
  errorUpdatingExpenseType: 'Error updating expense',
  errorDeletingExpenseType: 'Error deleting expense',
  errorUpdatingStatus: 'Error updating status',
  confirmDeleteExpenseType: 'Are you sure you want to delete this expense?',
  confirmSuspendExpenseType: 'Are you sure you want to suspend this expense?',
  confirmActivateExpenseType: 'Are you sure you want to activate this expense?',

  // Entry forms
  expenseEntryAdded: 'Expense Added Successfully',
  incomeEntryAdded: 'Income Added Successfully',
  salaryEntryAdded: 'Salary Added Successfully',
  failedAddExpenseEntry: 'Failed to add Expense',
  failedAddIncomeEntry: 'Failed to add income',
  failedAddSalaryEntry: 'Failed to add Salary',
  errorSubmittingExpense: 'Error submitting Expense',
  errorSubmittingIncome: 'Error submitting income',
  errorSubmittingSalary: 'Error submitting Salary',
  // Not in the spec, which only says the amount is numeric: the rule of docs/architecture.md#domain-rules, said plainly.
  invalidAmount: 'Enter a valid amount (greater than 0, at most 2 decimals)',

  // Reports and ledgers
  errorFetchingData: 'Error fetching data',
  errorFetchingLedger: 'Error fetching ledger',
  errorFetchingLedgerData: 'Error fetching ledger data',
  selectClient: 'Please select a client',
  selectEmployee: 'Please select an employee',
  noRecordsFound: 'No records found',
  noRecordsFoundTitle: 'No Records Found',
  loading: 'Loading...',

  // Busy labels
  signingIn: 'Signing In...',
  adding: 'Adding...',
  updating: 'Updating...',
  deleting: 'Deleting...',
  suspending: 'Suspending...',
  activating: 'Activating...',
  saving: 'Saving...',

  // Activity and sessions (not in the spec: the second release's screen)
  activityTitle: 'Activity',
  sessionsTitle: 'Open sessions',
  errorFetchingActivity: 'Error fetching activity',
  failedFetchActivity: 'Failed to fetch activity',
  errorFetchingSessions: 'Error fetching sessions',
  failedFetchSessions: 'Failed to fetch sessions',
  failedEndSession: 'Failed to end the session',
  errorEndingSession: 'Error ending the session',
  confirmEndSession: 'End this session? Its user will have to sign in again.',
  confirmEndUserSessions: "End all of this user's sessions? They will have to sign in again.",
  signOutEverywhereElse: 'Sign out everywhere else',
  confirmSignOutEverywhereElse: 'Sign out of every other browser and device?',
  failedSignOutEverywhereElse: 'Failed to sign out the other sessions',
  errorSignOutEverywhereElse: 'Error signing out the other sessions',
  failedDownload: 'Failed to download',
  errorDownloading: 'Error downloading',
  // A list's filter whose text is not a value it takes (a letter in an id, a day that is not
  // YYYY-MM-DD), followed by the filters' labels.
  filterNotValid: 'Please correct the filter',
  // The journal (not in the spec: the second release's screen)
  failedLoadJournal: 'Failed to load the journal',
  errorLoadingJournal: 'Error loading the journal',
  failedReverseEntry: 'Failed to reverse the entry',
  errorReversingEntry: 'Error reversing the entry',
  failedCorrectEntry: 'Failed to correct the entry',
  errorCorrectingEntry: 'Error correcting the entry',
  failedLoadBooksClosed: 'Failed to load the books closed through date',
  errorLoadingBooksClosed: 'Error loading the books closed through date',
  failedSaveBooksClosed: 'Failed to save the books closed through date',
  errorSavingBooksClosed: 'Error saving the books closed through date',
  failedDownloadCsv: 'Failed to download the CSV',
  errorDownloadingCsv: 'Error downloading the CSV',
  // The read-only role (not in the spec: the third release's viewer)
  roleStaff: 'Staff',
  roleAdmin: 'Admin',
  roleViewer: 'Viewer (read only)',
  readOnlyForm:
    'Your account can only view. Entries are recorded by staff and admins; the Journal and the reports show every entry.',

  // My account and two-step sign-in (not in the spec: the third release)
  myAccount: 'My account',
  accountName: 'Name',
  accountEmail: 'Email',
  accountRole: 'Role',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  failedChangePassword: 'Failed to change the password',
  errorChangingPassword: 'Error changing the password',
  twoStepTitle: 'Two-step sign-in',
  twoStepIsOn: 'Two-step sign-in is on.',
  twoStepIsOff: 'Two-step sign-in is off.',
  /** Followed by the number left. */
  recoveryCodesLeft: 'Recovery codes left:',
  setUpTwoStep: 'Set up two-step sign-in',
  secretKey: 'Secret key',
  qrCode: 'QR code for your authenticator app',
  scanOrType:
    'Scan the QR code with your authenticator app, or type the secret key into it, then enter the code it shows.',
  code: 'Code',
  // The code step of the login page; the API answers with these too.
  codeRequired: 'Enter the code from your authenticator app',
  challengeExpired: 'This sign-in has expired, please sign in again',
  turnOn: 'Turn on',
  turningOn: 'Turning on...',
  verify: 'Verify',
  verifying: 'Verifying...',
  enterCode: 'Enter the code from your authenticator app or a recovery code',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesOnce:
    'Keep these codes somewhere safe. Each signs you in once without your phone. They are shown only now.',
  turnOffOwnTwoStep: 'Turn off two-step sign-in',
  confirmPasswordToTurnOff: 'Enter your password to turn off two-step sign-in',
  twoStepSetupRequired:
    'Two-step sign-in is required for admins: set it up here before using the rest of the app.',
  failedLoadTwoStep: 'Failed to load two-step sign-in',
  errorLoadingTwoStep: 'Error loading two-step sign-in',
  failedSetUpTwoStep: 'Failed to set up two-step sign-in',
  errorSettingUpTwoStep: 'Error setting up two-step sign-in',
  failedTurnOnTwoStep: 'Failed to turn on two-step sign-in',
  errorTurningOnTwoStep: 'Error turning on two-step sign-in',
  failedTurnOffTwoStep: 'Failed to turn off two-step sign-in',
  errorTurningOffTwoStep: 'Error turning off two-step sign-in',
  failedVerifyCode: 'Failed to verify the code',
  // Users screen (admins)
  turnOffUserTwoStep: 'Turn off two-step sign-in',
  confirmTurnOffUserTwoStep:
    "Turn off this user's two-step sign-in? They will sign in with their password alone until they set it up again.",
  // Settings: Security tab (admins)
  securityTab: 'Security',
  requireTwoStepForAdmins: 'Require two-step sign-in for every admin',
  securitySaved: 'Security settings saved',
  failedLoadSecurity: 'Failed to load the security settings',
  errorLoadingSecurity: 'Error loading the security settings',
  failedSaveSecurity: 'Failed to save the security settings',
  errorSavingSecurity: 'Error saving the security settings',
  // Settings: Backups tab (admins; issue 18)
  backupsTab: 'Backups',
  backUpNow: 'Back up now',
  backingUp: 'Backing up...',
  downloadBackup: 'Download',
  downloadingBackup: 'Downloading...',
  backupTakenAt: 'Taken at',
  backupSize: 'Size',
  backupRows: 'Rows',
  backupEncrypted: 'Encrypted',
  yes: 'Yes',
  no: 'No',
  noBackups: 'No backups yet',
  backupsOff:
    'Backups are off: the server has no backup folder. Set BACKUP_DIR to turn them on (on the embedded database they go to DATA_DIR/backups).',
  /** Followed by the folder. */
  backupFolder: 'Backup folder:',
  /** Followed by the hours, the count kept and when the next is due. */
  backupScheduleEvery: 'A backup every',
  backupScheduleHours: 'hours, keeping the newest',
  backupNextDue: 'Next backup due:',
  /** Followed by the time and the message. */
  lastBackupFailed: 'The last backup failed:',
  backupTaken: 'Backup taken',
  failedLoadBackups: 'Failed to load the backups',
  errorLoadingBackups: 'Error loading the backups',
  // Settings -> Releases (issue 35).
  failedLoadReleases: 'Failed to load the releases',
  errorLoadingReleases: 'Error loading the releases',
  failedPromoteRelease: 'Failed to promote the canary',
  errorPromotingRelease: 'Error promoting the canary',
  failedRollBackRelease: 'Failed to roll back',
  errorRollingBackRelease: 'Error rolling back',
  releasePromoted: 'Canary promoted: everyone gets it now',
  releaseRolledBack: 'Rolled back',
  releasesTab: 'Releases',
  releaseServed: 'Served',
  releaseCanary: 'Canary',
  releaseNotDeployed: 'Not deployed: served from its own build',
  releaseNoCanary: 'No canary',
  releaseVersion: 'Version',
  releaseBuiltAt: 'Built',
  releaseCommit: 'Commit',
  releaseBuiltAgainst: 'Built against',
  releaseShare: 'Share',
  releaseAutoPromote: 'Promoted by itself at',
  releaseLastHour: 'Last hour',
  releaseLastDay: 'Last day',
  releaseLoads: 'loads',
  releaseFailures: 'failures',
  releasePromote: 'Promote',
  releasePromoting: 'Promoting...',
  releaseRollBack: 'Roll back',
  releaseRollingBack: 'Rolling back...',
  releaseConfirmPromote: 'Serve the canary to everyone?',
  releaseConfirmRollBack: 'Roll back this remote?',
  /** Followed by the two figures. */
  releaseRollbackRule: 'A canary is rolled back by itself after at least',
  failedLoadBatches: 'Failed to load the batches',
  errorLoadingBatches: 'Error loading the batches',
  failedReverseBatch: 'Failed to undo the batch',
  errorReversingBatch: 'Error undoing the batch',
  failedBackUp: 'Failed to take a backup',
  errorBackingUp: 'Error taking a backup',
  failedDownloadBackup: 'Failed to download the backup',
  errorDownloadingBackup: 'Error downloading the backup',
  // Receipts (issue 21)
  receipt: 'Receipt',
  attachReceipt: 'Attach receipt',
  attachingReceipt: 'Attaching...',
  receiptsAttached: 'Receipt attached',
  receiptAny: 'Any',
  withReceipt: 'With receipt',
  withoutReceipt: 'Without receipt',
  receiptDownload: 'Download',
  receiptRemove: 'Remove',
  receiptRemoveReason: 'Why is this receipt removed? (required)',
  receiptRemoved: 'Receipt removed',
  receiptViewerTitle: 'Receipts of entry',
  receiptViewerClose: 'Close',
  receiptsNone: 'No receipts',
  receiptsMissingThisMonth: "This month's expenses without a receipt",
  failedAttachReceipt: 'Failed to attach the receipt',
  errorAttachingReceipt: 'Error attaching the receipt',
  failedLoadReceipts: 'Failed to load the receipts',
  errorLoadingReceipts: 'Error loading the receipts',
  failedRemoveReceipt: 'Failed to remove the receipt',
  errorRemovingReceipt: 'Error removing the receipt',
  // Payroll runs and repeating entries (issue 23).
  failedLoadPayroll: 'Failed to load the payroll',
  errorLoadingPayroll: 'Error loading the payroll',
  failedPostPayroll: 'Failed to post the payroll',
  errorPostingPayroll: 'Error posting the payroll',
  payrollNothingTicked: 'Tick at least one employee to pay',
  payrollClosed: 'The books are closed for this month: its payroll cannot be posted',
  failedLoadSchedules: 'Failed to load the schedules',
  errorLoadingSchedules: 'Error loading the schedules',
  failedAddSchedule: 'Failed to add the schedule',
  errorAddingSchedule: 'Error adding the schedule',
  failedChangeSchedule: 'Failed to change the schedule',
  errorChangingSchedule: 'Error changing the schedule',
  failedLoadDue: 'Failed to load the due entries',
  errorLoadingDue: 'Error loading the due entries',
  failedPostOccurrences: 'Failed to post',
  errorPostingOccurrences: 'Error posting',
  failedSkipOccurrence: 'Failed to skip',
  errorSkippingOccurrence: 'Error skipping',
  scheduleAdded: 'Schedule added',
  scheduleChanged: 'Schedule changed',
  /** Followed by how many. */
  occurrencesPosted: 'Entries posted:',
  occurrenceSkipped: 'Occurrence skipped',
  nothingDue: 'Nothing is due.',
  occurrenceClosed: 'Closed period',
  /** Followed by how many; the Due list shows only the latest few of each schedule. */
  closedOccurrencesCount: 'Occurrences in the closed period, never posted:',
  /** The actor of what the running server did by itself (automatic posting). */
  theServer: 'the server',
  // Excel and PDF downloads, and Settings: Company tab (admins; issue 22)
  downloadExcel: 'Download Excel',
  downloadPdf: 'Download PDF',
  downloading: 'Downloading...',
  failedDownloadExcel: 'Failed to download the Excel file',
  errorDownloadingExcel: 'Error downloading the Excel file',
  failedDownloadPdf: 'Failed to download the PDF',
  errorDownloadingPdf: 'Error downloading the PDF',
  companyTab: 'Company',
  companyName: 'Company name',
  companyAddress: 'Address',
  companyPhone: 'Phone',
  companyEmail: 'E-mail',
  companyTaxNumber: 'Tax number',
  companyLogo: 'Logo (PNG or JPEG, at most 40 KB)',
  saveCompany: 'Save',
  savingCompany: 'Saving...',
  removeLogo: 'Remove logo',
  noLogo: 'No logo',
  /** Followed by the type and the size. */
  logoSet: 'Logo:',
  companySaved: 'Company details saved',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  failedLoadCompany: 'Failed to load the company details',
  errorLoadingCompany: 'Error loading the company details',
  failedSaveCompany: 'Failed to save the company details',
  errorSavingCompany: 'Error saving the company details',
  failedSaveLogo: 'Failed to save the logo',
  errorSavingLogo: 'Error saving the logo',
  // What the Excel and PDF files themselves say.
  exportGeneratedBy: 'Generated by',
  exportGeneratedOn: 'on',
  exportPeriod: 'Period',
  exportFilters: 'Filters',
  exportNoFilters: 'none (every entry)',
  exportTaxNumber: 'Tax number',
  exportOpeningBalance: 'Opening balance',
  exportClosingBalance: 'Closing balance',
  exportTotals: 'Totals',
  exportPage: 'Page',
  exportOf: 'of',
  exportStatement: 'Statement',
  exportParty: 'For',
  exportYear: 'Year',
  // Payslips (issue 23, item 4): the Payroll screen's button and what the PDF says.
  payslip: 'Payslip',
  failedDownloadPayslip: 'Failed to download the payslip',
  errorDownloadingPayslip: 'Error downloading the payslip',
  payslipTitle: 'Payslip',
  payslipEmployee: 'Employee',
  payslipNumber: 'Number',
  payslipEmail: 'E-mail',
  payslipMonth: 'Month',
  payslipMonthlySalary: 'Monthly salary on file',
  payslipNoMonthlySalary: 'none',
  payslipTotalPaid: 'Total paid',
  payslipNoEntries: 'No salary paid in this month',
  payslipByPayroll: 'Payroll run',
  payslipByImport: 'Import',
  payslipByRecurring: 'Repeating entry',
  payslipByForm: 'Salary form',
  /** Followed by the reversed entry's number: "Reversal of #12". */
  payslipReversalOf: 'Reversal of',
  /** Followed by the reversal's number: "reversed by #13". */
  payslipReversedBy: 'reversed by',
  // The shared table (shared-ui Table): its totals row and a long answer still arriving.
  tableTotal: 'Total',
  tableLoadingMore: (count: number) =>
    `Loading more entries... ${count.toLocaleString('en')} so far`,
  exportCsv: 'Export CSV',
} as const;

export type MessageKey = keyof typeof messages;

/** Messages the API itself answers with (success texts reuse the catalogue above). */
export const apiMessages = {
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  unauthorized: 'Please sign in to continue',
  sessionExpired: 'Your session has expired, please sign in again',
  adminsOnly: 'Only admins can manage users',
  /** Every write a read-only user (role viewer) tries. */
  readOnly: 'Your account can only view: ask an admin to change your role',
  activityAdminsOnly: 'Only admins can see activity and sessions',
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session ended',
  sessionsEnded: 'Sessions ended',
  otherSessionsEnded: 'Signed out everywhere else',
  lastAdmin: 'The last admin cannot be deleted or demoted',
  ownAccount: 'You cannot delete your own account',
  emailTaken: 'A user with this email already exists',
  emailReadOnly: 'email cannot be changed',
  // Names that differ only in case, spacing or the form of their letters are one name.
  expenseTypeTaken:
    'An expense type with this name already exists (names that differ only in case, spacing or the form of their letters count as the same)',
  userNotFound: 'User not found',
  employeeNotFound: 'Employee not found',
  clientNotFound: 'Client not found',
  expenseTypeNotFound: 'Expense type not found',
  employeeInUse: 'This employee has salary entries and cannot be deleted',
  clientInUse: 'This client has income entries and cannot be deleted',
  expenseTypeInUse:
    'This expense type has expense entries and cannot be deleted; suspend it instead',
  expenseTypeSuspended: 'This expense type is suspended and cannot take new expenses',
  expenseTypeUpdatedStatus: 'Status updated',
  // The spec's expense-type list answer carries a message beside the records.
  expenseTypesListed: 'Expense types fetched successfully',
  expenseTypeDeleted: 'Expense type deleted',
  creditOnly: 'Creditdebit must be Credit for this entry',
  tooManyAttempts: 'Too many login attempts, please try again later',
  // Recorded with a refused sign-in in place of what was typed as the e-mail when that was no
  // e-mail address (it may have been a password typed into the wrong field).
  notAnEmailAddress: '(not an e-mail address)',
  bodyTooLarge: 'Request body is too large',
  // What the server answers before any route runs, when the connection itself goes wrong: then it
  // closes the connection.
  requestTimeout:
    'The request took too long to arrive and the connection was closed: send it again',
  malformedRequest: 'The request is not valid HTTP',
  headersTooLarge: 'The request headers are too large',
  unsupportedMediaType:
    'This kind of request body is not accepted here: send JSON (Content-Type: application/json), or multipart/form-data where a file is uploaded',
  // The router's own refusals, before any route runs.
  badUrl: 'The address is not a valid URL (a % must be followed by two hexadecimal digits)',
  pathPartTooLong: 'A part of the address is too long',
  notFound: 'Not found',
  // Backstops for database constraints that a repository did not name more precisely.
  alreadyExists: 'This record already exists',
  inUse: 'This record is in use and cannot be changed',
  concurrentChange: 'Someone else changed this at the same time, please try again',
  internalError: 'Something went wrong on the server, please try again',
  idempotencyConflict: 'This submission key was already used for a different entry',
  // Entry dates, reversals and the closed period.
  dateInvalid: 'date must be a valid date',
  dateInFuture: 'date must not be after today',
  /** Followed by the closing day. */
  periodClosed: 'date is in a closed period: the books are closed through',
  closedThroughInvalid: 'closedThrough must be a valid date',
  closedThroughInFuture: 'closedThrough must not be after today',
  adminsOnlyBooks: 'Only admins can move the books closed through date',
  entryNotFound: 'Entry not found',
  entryReversed: 'Entry reversed',
  alreadyReversed: 'This entry has already been reversed',
  reversalNotReversible: 'A reversal cannot be reversed; record a new entry instead',
  reverseKeyConflict: 'This submission key was already used for a different reversal',
  /** Followed by "#<entry>: reversed by #<reversal>, recorded again as #<corrected>". */
  entryCorrected: 'Entry corrected',
  correctionChangesNothing:
    'Nothing to correct: change the amount, date, description, party or Credit/Debit',
  correctKeyConflict: 'This submission key was already used for a different correction',
  amountRange: 'minAmount must not be more than maxAmount',
  amountBoundDecimals: 'minAmount and maxAmount must have at most 2 decimals',
  partyNeedsKind: 'kind is required with partyId',
  prototypeKey: 'The body may not hold the keys __proto__ or constructor.prototype',
  bodyNotUtf8: 'The body must be JSON in UTF-8 (Content-Type: application/json; charset=utf-8)',
  bodyInvalidUtf8: 'The body is not valid UTF-8 text',
  // Each follows the name of the field it is about ("name must not ...").
  invisibleInName:
    'must not contain invisible, control or text-direction characters (such as zero-width spaces)',
  directionControlInText: 'must not contain characters that override the direction of the text',
  userNameSimilar:
    'Another user has a name that looks the same but is spelt differently: use the same spelling or a name that is easy to tell apart',
  // The password rules (NIST SP 800-63B), one message each.
  passwordTooShort: 'password must be at least 8 characters',
  passwordTooLong: 'password must be at most 128 characters',
  passwordBlank: 'password must not be only spaces or invisible characters',
  passwordControlCharacters:
    'password must not contain control characters such as tabs or line breaks',
  passwordPersonal: 'password must not be the e-mail address or the name of its user',
  passwordCommon:
    'password is too common: it is on a list of passwords that attackers try first, please choose another',
  ledgerNeedsParty: 'partyId is required for the client and employee ledgers',
  expenseLedgerHasNoParty: 'The expense ledger covers every expense type: send no partyId',
  // Two-step sign-in and the own account.
  invalidCode: 'Invalid code',
  codeAlreadyUsed: 'This code has already been used; wait for the next one',
  twoStepAlreadyOn: 'Two-step sign-in is already on',
  twoStepNotSetUp: 'Set up two-step sign-in first',
  twoStepNotOn: 'Two-step sign-in is not on for this user',
  twoStepTurnedOn: 'Two-step sign-in is on',
  twoStepTurnedOff: 'Two-step sign-in is off',
  twoStepRequiredForAdmins: 'Two-step sign-in is required for admins and cannot be turned off',
  twoStepOwnFirst: 'Turn on your own two-step sign-in before requiring it of every admin',
  twoStepSetupRequired:
    'Two-step sign-in is required for admins: set it up on My account before anything else',
  twoStepNoKey:
    'Two-step sign-in cannot be set up: the server has no TOTP_KEY in its configuration',
  wrongPassword: 'The password is not right',
  wrongCurrentPassword: 'The current password is not right',
  passwordChanged: 'Password changed',
  securitySettingsSaved: 'Security settings saved',
  adminsOnlySecurity: 'Only admins can change the security settings',
  // Backups taken by the server (issue 18).
  adminsOnlyBackups: 'Only admins can see, take and download backups',
  // Staged rollout of remotes (issue 35).
  adminsOnlyReleases: 'Only admins can see and change releases',
  remoteNotKnown: 'No such remote',
  remoteNotDeployed: 'This remote has no deployed versions (npm run deploy)',
  noCanary: 'This remote has no canary to promote',
  nothingToRollBack: 'This remote has no earlier version to roll back to',
  deployRunning: 'A deploy of this remote is running: try again when it has finished',
  releasesOff: 'The server serves no web apps (no WEB_ROOT), so it has no releases',
  tooManyHealthReports: 'Too many health reports from this session: wait a minute',
  batchNotFound: 'Batch not found',
  batchReversed: 'Batch undone',
  batchAlreadyReversed: 'This batch has already been undone',
  batchEntryReversed:
    'An entry of this batch was reversed on its own; reverse the others one by one',
  batchInClosedPeriod: 'An entry of this batch is in a closed period: the books are closed through',
  backupsOff: 'Backups are off: the server has no BACKUP_DIR (set it to turn backups on)',
  backupRunning: 'A backup is being taken right now: try again when it has finished',
  backupNotFound: 'Backup not found',
  /** Followed by what went wrong (backupMessages). */
  backupFailed: 'The backup failed',
  // Receipts (issue 21).
  receiptTypeRefused:
    'This file is not accepted as a receipt: receipts must be PDF, JPEG, PNG or WebP files',
  receiptHeic:
    'HEIC photos are not accepted: export the photo as JPEG (or set the camera to Most Compatible) and attach that',
  receiptTooLarge: 'A receipt may be at most 10 MB',
  tooManyReceipts: 'An entry may have at most 10 receipts',
  receiptMissingFile: 'Attach at least one file in the field receipt',
  receiptFieldsFirst: 'Send the fields kind and entry before the files',
  receiptKindInvalid: 'kind must be income, expense or salary',
  receiptEntryInvalid: 'entry must be the JSON body of the entry form',
  receiptNotFound: 'Receipt not found',
  receiptLinkInvalid:
    'This receipt address has expired or is not valid: open the receipt again from the Journal',
  /** Followed by the closing day. */
  receiptRemoveClosed:
    'This receipt belongs to an entry in a closed period and cannot be removed: the books are closed through',
  receiptNotMultipart: 'Receipts are sent as multipart/form-data',
  imageTooManyPixels:
    'The image is too large in pixels: images may be at most 25 megapixels (such as 6000 × 4000); send a smaller photo, or scan at 300 dpi',
  uploadsBusy:
    'The server is receiving many files just now: wait a minute, then send the files again',
  exportBusy: 'An export of yours is still being prepared: wait for it to finish, then try again',
  pdfTooManyRows:
    'This statement has too many entries for a PDF (at most 15,000): choose a shorter period, or download it as Excel',
  // Payroll runs and repeating entries (issue 23).
  payrollEmployeeTwice: 'An employee is listed twice in the payroll',
  payrollEmployeeMissing: 'An employee of the payroll no longer exists',
  scheduleNotFound: 'Schedule not found',
  scheduleEnded: 'This schedule has ended: it cannot be changed',
  scheduleNotActive: 'This schedule is paused or ended: resume it before posting',
  scheduleEndsBeforeStart: 'Ends must not be before Starts',
  /** The figure is RECURRING_LIMITS.maxPastOccurrences (contract/src/recurring.ts). */
  scheduleTooFarBack:
    'Starts is too far back: a schedule may have at most 400 occurrences up to today (choose a later start, and enter older entries through Import)',
  occurrenceNotDue: 'That day is not a due occurrence of the schedule',
  occurrenceDone: 'That occurrence has already been posted or skipped',
  /** Followed by the closing day. */
  occurrenceClosed: 'That occurrence is in a closed period: the books are closed through',
  adminsOnlyAutoPost: 'Only admins can turn automatic posting on or off',
  occurrenceListedTwice: 'An occurrence is listed twice',
  monthlySalaryDecimals: 'monthlySalary must have at most 2 decimals',
  // Paging (docs/decisions/018-paging.md).
  pageCursorNotValid: 'after must be a position from a previous page',
  afterOrBefore: 'Give after or before, not both (before is deprecated: use after)',
  // Company details and logo (issue 22).
  adminsOnlyCompany: 'Only admins can change the company details',
  logoNotAnImage: 'The logo must be a PNG or JPEG image',
  logoTooLarge: 'The logo is too large: at most 40 KB',
  logoUnreadable: 'The logo could not be read as an image: save it again as PNG or JPEG',
  // Hostile uploads: a multipart body cut short or malformed.
  uploadBodyMalformed:
    'The upload was cut short or is not a valid multipart/form-data body: send it again',
} as const;

/**
 * What `npm run backup` and `npm run restore` say when they refuse or fail (issue 18;
 * docs/decisions/012-backup-format.md). Each is followed by the detail that applies.
 */
export const backupMessages = {
  notABackup: 'This file is not an office-finance backup',
  truncated: 'The backup file is incomplete (cut short): it cannot be restored',
  altered: 'The backup file has been altered or damaged: its checksums do not match',
  encryptedNeedsPassphrase:
    'This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was taken with',
  wrongPassphrase: 'Wrong passphrase: BACKUP_PASSPHRASE is not the one this backup was taken with',
  newerSchema:
    'This backup comes from a newer version of the product (schema version above this code): upgrade first, then restore',
  targetNewerSchema:
    'The target database has a newer schema than the backup: restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database), and the restore migrates it',
  targetNotEmpty:
    'The target database is not empty: restore into an empty one, or add --replace to delete its contents first',
  schemaMismatch: "The backup's tables do not match this database's schema",
  outExists: 'The output file already exists: choose another name',
  noDatabase: 'There is no database to back up',
  writeFailed: 'The backup could not be written',
  embeddedInUse:
    'The embedded database is open in the running server, which takes the backups itself: an admin presses Back up now in Settings, Backups (or POST /api/backups), and finds its files in BACKUP_DIR (default DATA_DIR/backups). Or stop the server and run this command again.',
  embeddedInUseRestore:
    'The embedded database is open in the running server: stop the server, then run the restore again',
  // Signed backups: the key is derived from the two-step key (TOTP_KEY or DATA_DIR/totp.key).
  notSigned:
    'This backup is not signed (taken without a key, or by a version before signed backups): restore it only if you know where it came from, with --trust-unsigned, and check the users it lists',
  noSigningKey:
    'This backup is signed, but there is no key here to check it: set TOTP_KEY, or copy totp.key from the data directory of the server that took it into DATA_DIR',
  otherSigningKey:
    "This backup is signed with another key than this machine's: set TOTP_KEY, or copy totp.key, from the server that took it",
  signatureMismatch:
    "The backup's signature does not match: the file was changed after it was signed. Restore it only if you know where it came from, with --trust-unsigned",
  restoringUntrusted:
    'Restoring a backup whose signature was not checked (--trust-unsigned). These are the users in the file, who can sign in once it is restored:',
  unsigned:
    'There is no key to sign the backup with (on PostgreSQL, set TOTP_KEY): it is written unsigned, and a restore of it will need --trust-unsigned',
  // Why a backup taken by the server failed (shown to admins and logged).
  diskFull: 'the disk is full',
  dirNotWritable: 'the backup folder cannot be written (permission denied)',
  dirNotAFolder: 'BACKUP_DIR is not a folder',
  dirMissing: 'the backup folder does not exist and could not be made',
  verifyFailed: 'the file did not read back as written',
  unexpected: 'an unexpected error (the server log has the details)',
} as const;

/** The import screen and its API (issue 20; docs/decisions/014-import.md). */
export const importMessages = {
  title: 'Import',
  whatToImport: 'What to import',
  file: 'File',
  preview: 'Preview',
  /** "Import N rows". */
  importRows: (rows: number) => `Import ${rows} rows`,
  /** "N rows ready · M rows with errors". */
  summary: (ready: number, errors: number) =>
    `${ready} rows ready \u00b7 ${errors} rows with errors`,
  pastImports: 'Past imports',
  undoImport: 'Undo import',
  undoReason: 'Reason for the undo',
  noImports: 'No imports yet',
  line: 'Line',
  reason: 'Reason',
  notMapped: '(not mapped)',
  dateFormat: 'Date format',
  numberFormat: 'Number format',
  sheet: 'Sheet',
  chooseFormat: 'The file leaves this open: choose one',
  newParties: 'Not found: create them in this import, or pick an existing one',
  createParty: 'Create',
  importAnyway: 'Import anyway',
  entriesOfImport: (id: number) => `Entries of import #${id}`,
  entriesOfBatch: (id: number) => `Entries of batch #${id}`,
  allEntries: 'Show all entries',
  imported: 'Import done',
  failedPreview: 'Failed to read the file',
  errorPreview: 'Error reading the file',
  failedImport: 'Failed to import the file',
  errorImport: 'Error importing the file',
  failedLoadImports: 'Failed to load the imports',
  errorLoadingImports: 'Error loading the imports',
  // Refusals of the whole file (nothing written).
  noFile: 'Choose a file to import',
  noOptions: 'The import options are missing',
  badOptions: 'The import options are not valid',
  tooLarge: 'The file is larger than 20 MB',
  tooManyRows: 'The file has more than 200,000 rows',
  tooManyRowsRead:
    'The file has more than 250,000 rows (blank ones included): an import reads at most 250,000',
  tooManyColumns: (line: number) =>
    `Line ${line}: the row has more than 100 columns: an import takes at most 100`,
  tooManySharedStrings:
    'This Excel workbook holds more than 1,000,000 texts or 30,000,000 characters of text: it is refused',
  emptyFile: 'The file holds no rows',
  notCsv: 'This file is not a text (CSV) file: it looks like a binary or Excel file',
  notXlsx: 'This file is not an Excel (.xlsx) workbook',
  wrongType: 'Only .csv, .txt and .xlsx files can be imported',
  zipBomb: 'This Excel file unpacks to far more than its size: it is refused',
  unreadableXlsx: 'This Excel workbook could not be read',
  noSheet: 'The workbook has no sheet with that name',
  unclosedQuote: 'A quoted field is not closed',
  nullByte: (line: number) => `Line ${line}: the row holds a null character`,
  cellTooLong: (line: number) => `Line ${line}: a cell holds more than 1,000 characters`,
  chooseDateFormat: 'The dates can be read more than one way: choose the date format',
  chooseNumberFormat: 'The amounts can be read more than one way: choose the number format',
  unmapped: (label: string) => `Map a column to ${label}`,
  nothingReady: 'No row is ready to import',
  partiesUndecided: 'Some parties do not exist: create them or pick existing ones',
  importedBefore: (id: number, at: string, fileName: string) =>
    `This file was imported before: import #${id} (${fileName}) on ${at.slice(0, 10)}`,
  // Why a row is not ready.
  missing: (label: string) => `Missing ${label}`,
  badDate: (value: string) => `Date not understood: ${value}`,
  futureDate: 'Date in the future',
  closedDate: (closed: string) =>
    `Date in a closed period (the books are closed through ${closed})`,
  badAmount: (value: string) => `Amount is not a number: ${value}`,
  badCreditDebit: (value: string) => `Credit/Debit is not Credit or Debit: ${value}`,
  creditOnly: 'Expense and salary entries are Credit only',
  unknownParty: (label: string, name: string) => `Unknown ${label.toLowerCase()}: ${name}`,
  suspended: (name: string) => `Expense type is suspended: ${name}`,
  moreCellsThanHeaders: (columns: number) =>
    `The row has more cells than the header has columns (${columns})`,
  mixedLineBreaks:
    'The file mixes kinds of line break and this row borders one unlike the rest: check where the row starts and ends, and save the file again with one kind',
  duplicateEntry: 'Duplicate of an entry already recorded',
  duplicateRow: (line: number) => `Duplicate of line ${line}`,
  exists: 'Already exists',
  partyNotFound: (name: string) => `The party picked for ${name} does not exist`,
  employeesPickOnly: (name: string) =>
    `Employee ${name} does not exist: add them (an employee needs a number) or pick one`,
  importNotFound: 'Import not found',
  readOnly: 'Your account can only view. Files are imported by staff and admins.',
} as const;
