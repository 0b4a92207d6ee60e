// The books: the one writer of entries and reversals (docs/decisions/020-one-writer-of-the-books.md),
// and of the ledger's lines and vouchers (docs/decisions/027-general-ledger.md).
// Every feature that puts money in the books (the forms, corrections, batches, imports, payroll,
// repeating entries, receipts saved with an entry) writes through here.
export {
  closedPeriodGuard,
  closedThrough,
  inClosedPeriod,
  monthCloseRefusal,
  moveClosedThrough,
  refuseClosedPeriod,
} from './closed-period.js';
export type { ClosedPeriodCase } from './closed-period.js';
export { lockParties, lockParty } from './parties.js';
export { checkEntryAccount, defaultAccountId, lockAccounts } from './accounts.js';
export {
  checkEntryDate,
  correctEntry,
  recordEntries,
  recordEntry,
  reverseEntry,
  toEntry,
  type Correction,
  type EntryChanges,
  type NewEntry,
} from './entries.js';
export {
  createBatch,
  ENTRY_COLUMNS,
  insertBatchReversals,
  insertEntries,
  insertEntry,
  insertReversal,
  type EntryLine,
  type WrittenEntry,
  type Writer,
} from './write.js';
export { recordTransfer, reverseTransfer } from './transfers.js';
export {
  allowReconciledChange,
  guardReconciled,
  reconciledRefusal,
  reconciledThrough,
  type Move,
  type Override,
} from './reconciled-period.js';
export { insertVoucher, insertVoucherReversal, type VoucherLineCents } from './vouchers.js';
export { postEntries, postTransfers, withPosting } from './ledger-posting.js';
