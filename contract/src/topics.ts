// What the calls read and change, in a few words the browser's cache understands. Every GET says
// which topics its answer is made of (`reads`), every other call which topics it changes
// (`changes`); after a successful write the browser asks again every read it holds that reads a
// topic the write changed. So a new call is described once, here in the contract beside its
// path, and no list of "what refreshes what" has to learn about it.
//
// The set is closed: a new topic is added here, with what it stands for.
import type { Endpoint } from './endpoint.js';

export const TOPICS = [
  /** The users and their roles (and the dashboard's count of admins). */
  'users',
  /** Two-step sign-in: the caller's own, and who among the users has it. */
  'two-step',
  /** The signed-in sessions. */
  'sessions',
  /** The caller's own preferences. */
  'preferences',
  /** The office's settings: the company (name, logo) and the security settings. */
  'settings',
  /** The employees (names, salaries, the dashboard's count). */
  'employees',
  /** The clients (names, the pickers, the dashboard's count). */
  'clients',
  /** The expense types (names, status, the pickers) and their ledger accounts. */
  'expense-types',
  /** The expense types' budgets. */
  'budgets',
  /**
   * The entries of the books: incomes, expenses, salaries, vouchers, reversals, corrections and
   * every figure, report, ledger and balance made of them.
   */
  'entries',
  /** The receipts attached to entries. */
  'receipts',
  /** The batches of entries posted together (payroll, repeating entries, imports). */
  'batches',
  /** The repeating entries' schedules and what is due. */
  'recurring',
  /** The books' closing date and the months closed. */
  'closing',
  /** The money accounts: their balances, registers, transfers and reconciled dates. */
  'accounts',
  /** The bank statements' lines and their matches. */
  'bank-lines',
  /** The bank rules and the matching settings. */
  'bank-rules',
  /** The general ledger: the chart of accounts and its postings. */
  'ledger',
  /** The activity log. */
  'activity',
  /** The kept backups and the backup schedule. */
  'backups',
  /** The remotes' releases and their health. */
  'releases',
] as const;

export type Topic = (typeof TOPICS)[number];

/** Whether a successful `write` leaves `read`'s answer stale: it changes a topic the read reads. */
export const changesWhatItReads = (
  write: Pick<Endpoint, 'changes'>,
  read: Pick<Endpoint, 'reads'>,
): boolean => (write.changes ?? []).some((topic) => (read.reads ?? []).includes(topic));
