// The user-facing texts of the product (docs/product.md#validation, #messages), spelt exactly as the spec gives them.
// Screens and the API use these by name so that a wording lives in one place only.
// Each group of texts lives beside its domain, in `<domain>-messages.ts` (pure data, so that any
// module may use the catalogue); this file assembles `messages` from them in the catalogue's
// order and keeps the API's own answers (`apiMessages`), which cut across domains.
import { activityMessages } from './activity-messages.js';
import { backupDownloadMessages, backupScreenMessages } from './backup-messages.js';
import { batchMessages } from './batch-messages.js';
import { busyMessages, filterMessages, tableMessages } from './common-messages.js';
import { entryMessages, expenseTypeMessages } from './expense-messages.js';
import { exportFileMessages, exportMessages } from './export-messages.js';
import { CORRECTION_CHANGES_NOTHING, journalMessages } from './journal-messages.js';
import { payrollMessages } from './payroll-messages.js';
import { payslipMessages } from './payslip-messages.js';
import { clientMessages, employeeMessages } from './people-messages.js';
import { receiptMessages } from './receipt-messages.js';
import { releaseMessages } from './release-messages.js';
import { reportMessages } from './report-messages.js';
import {
  loginCodeMessages,
  loginMessages,
  ownAccountMessages,
  securityMessages,
  userMessages,
  usersScreenMessages,
  viewerMessages,
} from './user-messages.js';

export { backupMessages } from './backup-messages.js';
export { importMessages } from './import-messages.js';

export const messages = {
  ...loginMessages,
  ...userMessages,
  ...employeeMessages,
  ...clientMessages,
  ...expenseTypeMessages,
  ...entryMessages,
  ...reportMessages,
  ...busyMessages,
  ...activityMessages,
  ...filterMessages,
  ...journalMessages,
  ...viewerMessages,
  ...ownAccountMessages,
  ...loginCodeMessages,
  ...usersScreenMessages,
  ...securityMessages,
  ...backupScreenMessages,
  ...releaseMessages,
  ...batchMessages,
  ...backupDownloadMessages,
  ...receiptMessages,
  ...payrollMessages,
  ...exportMessages,
  ...exportFileMessages,
  ...payslipMessages,
  ...tableMessages,
} as const;

export type MessageKey = keyof typeof messages;

export { CORRECTION_CHANGES_NOTHING };

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
  activityReadersOnly: 'Only admins and viewers can see the activity',
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
  correctionChangesNothing: CORRECTION_CHANGES_NOTHING,
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
  tooManyHealthReports: 'Too many health reports from this user: wait a minute',
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
  /**
   * Followed by " <n> megapixels (this one has <m>)": the most pixels the server can open of this
   * kind of image within IMAGE_DECODE_MAX_BYTES (contract/src/receipts.ts).
   */
  imageTooCostly:
    'This image is held whole in memory while it is opened (a progressive JPEG, an interlaced PNG or a WebP image), so it must be smaller: send it as an ordinary JPEG, or make it smaller. An image of this kind may be at most',
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
