// The values of kinds.ts that the browser reads (`contract/browser`), apart from the schemas that
// kinds.ts builds from them.
import type { EntryKind, RecordKind } from './kinds.js';

/** Whether `value` is one of `names`: narrows text read from an address or a stored row. */
export const isOneOf = <T extends string>(names: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (names as readonly string[]).includes(value);

/** The three kinds of money entry, in the order screens list them. */
export const ENTRY_KINDS = ['income', 'expense', 'salary'] as const;

/**
 * What the journal lists: the entries of each kind and the general ledger's vouchers (issue 40),
 * in the order its Kind filter offers them.
 */
export const JOURNAL_KINDS = [...ENTRY_KINDS, 'voucher'] as const;

/** Credit (money received or paid out) and Debit (billed to a client, owed). */
export const CREDIT_DEBIT = ['Credit', 'Debit'] as const;

/**
 * What the audit log says was done. Data changes: create, update, delete, status (a status
 * toggle), reverse (an entry reversed); role_changed and password_changed are updates of a user
 * that also change what the user may do. Security events: login, login_failed, login_throttled,
 * logout, session_expired, session_ended, and of two-step sign-in two_step_setup (a new secret
 * issued), two_step_on, two_step_off, two_step_failed (a wrong or reused code).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'reverse',
  'role_changed',
  'password_changed',
  'login',
  'login_failed',
  'login_throttled',
  'logout',
  'session_expired',
  'session_ended',
  'two_step_setup',
  'two_step_on',
  'two_step_off',
  'two_step_failed',
  'backup_taken',
  'backup_downloaded',
  'receipt_attached',
  'receipt_removed',
  'rollout_promoted',
  'rollout_rolled_back',
  'deploy_forced',
  'statement_imported',
  'statement_undone',
  'matched',
  'unmatched',
  'excluded',
  'exclusion_undone',
  'reconciled',
] as const;

/**
 * The kinds of record the audit log names: the lists, one kind per kind of entry, a sign-in
 * session, the security settings, the books' closed period, a backup file, a batch of entries
 * and a remote's release (its served version and canary).
 */
export const RECORD_KINDS = [
  'user',
  'client',
  'employee',
  'expense_type',
  'entry:income',
  'entry:expense',
  'entry:salary',
  'session',
  'security_settings',
  'books',
  'backup',
  'batch',
  'schedule',
  'company',
  'release',
  'account',
  'transfer',
  'statement',
  'statement_line',
  'bank_rule',
  'ledger_account',
  'voucher',
] as const;

/** The record kind of each entry kind is a record kind: a new entry kind fails here until added. */
export const ENTRY_RECORD_KINDS: { readonly [K in EntryKind]: RecordKind & `entry:${K}` } = {
  income: 'entry:income',
  expense: 'entry:expense',
  salary: 'entry:salary',
};

/**
 * What wrote a batch of entries in one step (docs/decisions/013-entry-batches.md): an import, a
 * payroll run, or the due occurrences of repeating entries.
 */
export const BATCH_KINDS = ['import', 'payroll', 'recurring'] as const;
