// What the ledger's screens and calls say (issue 40).
import { formatMoney } from '../money.js';

export const ledgerMessages = {
  adminsOnlyChart: 'Only admins can add or change ledger accounts',
  adminsOnlyVouchers: 'Only admins can post vouchers',
  accountAdded: 'Ledger account added',
  accountSaved: 'Ledger account saved',
  accountNotFound: 'Ledger account not found',
  codeTaken: 'That code is already used by another account',
  parentNotFound: 'The parent account does not exist',
  parentTypeDiffers: 'A sub-account has the type of its parent',
  parentLoop: 'An account cannot be placed under itself or one of its sub-accounts',
  typeFixed:
    'An account with postings, or one kept with a money account or an expense type, keeps its type',
  keptAccount:
    'This account is kept with its money account or expense type: change or suspend that instead',
  voucherPosted: 'Voucher posted',
  voucherReversed: 'Voucher reversed',
  voucherNotFound: 'Voucher not found',
  voucherAlreadyReversed: 'This voucher has already been reversed',
  voucherReversalNotReversible: 'A reversal cannot itself be reversed',
  voucherLineSide: 'Each line has either a debit or a credit',
  voucherAccountClosed: (code: string) => `Account ${code} is closed and takes no postings`,
  booksOwnAccount: (code: string) =>
    `Account ${code} is kept by the entry forms (clients, employees, expense types): record an entry instead`,
  ledgerAccountNeeded: 'Choose the ledger account to book the line to',
  lineToMoneyAccount: 'A line between two money accounts is a transfer: match it to one',
  voucherAccountMissing: 'A line names an account that does not exist',
  voucherUnbalanced: (difference: string) =>
    `Debits and credits must be equal: they differ by RS ${formatMoney(difference)}`,
  fromAfterTo: 'From must not be after To',
  failedLoadChart: 'Failed to load the chart of accounts',
  errorLoadingChart: 'Error loading the chart of accounts',
  failedSaveAccount: 'Failed to save the account',
  errorSavingAccount: 'Error saving the account',
  failedLoadVouchers: 'Failed to load vouchers',
  errorLoadingVouchers: 'Error loading vouchers',
  failedPostVoucher: 'Failed to post the voucher',
  errorPostingVoucher: 'Error posting the voucher',
  failedLoadStatement: 'Failed to load the statement',
  errorLoadingStatement: 'Error loading the statement',
  failedLoadGeneralLedger: 'Failed to load the general ledger',
  errorLoadingGeneralLedger: 'Error loading the general ledger',
} as const;
