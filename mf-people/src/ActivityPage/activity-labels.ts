// How the audit log's stored names read on the Activity screen, and which screen a record opens
// on. The names are the contract's AUDIT_ACTIONS and RECORD_KINDS; a name it does not know (a row
// written by another version) is shown readably rather than hidden.
import {
  AUDIT_ACTIONS,
  ENTRY_KINDS,
  ENTRY_RECORD_KINDS,
  RECORD_KINDS,
  isOneOf,
  queryFields,
  type ActivityRow,
  type AuditAction,
  type RecordKind,
} from 'contract/browser';
import { href } from 'shared-ui';

const humanize = (name: string) => name.replace(/[_:]+/g, ' ').trim();

/** Every action the api writes, in words: an action missing here, or one more, is a type error. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  status: 'status change',
  reverse: 'reversal',
  role_changed: 'role changed',
  password_changed: 'password changed',
  login: 'signed in',
  login_failed: 'sign-in failed',
  login_throttled: 'sign-in throttled',
  logout: 'signed out',
  session_expired: 'session expired',
  session_ended: 'session ended',
  two_step_setup: 'two-step sign-in set up',
  two_step_on: 'two-step sign-in turned on',
  two_step_off: 'two-step sign-in turned off',
  two_step_failed: 'two-step code refused',
  backup_taken: 'backup taken',
  backup_downloaded: 'backup downloaded',
  receipt_attached: 'receipt attached',
  receipt_removed: 'receipt removed',
  rollout_promoted: 'rollout promoted',
  rollout_rolled_back: 'rollout rolled back',
  deploy_forced: 'deploy forced past its checks',
  statement_imported: 'statement imported',
  statement_undone: 'statement import undone',
  matched: 'matched',
  unmatched: 'match undone',
  excluded: 'excluded',
  exclusion_undone: 'exclusion undone',
  reconciled: 'reconciled',
};

/** Every kind of record the log names, in words (typed like ACTION_LABELS). */
export const KIND_LABELS: Record<RecordKind, string> = {
  user: 'User',
  client: 'Client',
  employee: 'Employee',
  expense_type: 'Expense type',
  'entry:income': 'Income entry',
  'entry:expense': 'Expense entry',
  'entry:salary': 'Salary entry',
  session: 'Sign-in',
  security_settings: 'Security settings',
  books: 'Closed period',
  backup: 'Backup',
  batch: 'Batch of entries',
  schedule: 'Repeating entry',
  company: 'Company details',
  release: 'Release',
  account: 'Money account',
  transfer: 'Transfer',
  statement: 'Bank statement',
  statement_line: 'Statement line',
  bank_rule: 'Bank rule',
  ledger_account: 'Ledger account',
  voucher: 'Voucher',
};

const entryKindOf = (kind: string) =>
  ENTRY_KINDS.find((entry) => ENTRY_RECORD_KINDS[entry] === kind);

/** What was done, in words: an added entry is "entry", a change of settings "setting changed". */
export function actionLabel(row: Pick<ActivityRow, 'action' | 'kind'>): string {
  if (row.action === 'create' && entryKindOf(row.kind)) return 'entry';
  if (row.action === 'update' && (row.kind === 'security_settings' || row.kind === 'books'))
    return 'setting changed';
  return isOneOf(AUDIT_ACTIONS, row.action) ? ACTION_LABELS[row.action] : humanize(row.action);
}

export const kindLabel = (kind: string): string =>
  isOneOf(RECORD_KINDS, kind) ? KIND_LABELS[kind] : humanize(kind);

/**
 * The screen a record opens on, where it has one: a client or employee to their ledger, an
 * expense type to Settings, a user to Users, a batch to its entries in the journal, an entry to
 * the journal of its kind and party (the journal's own filters; the entry is among that party's
 * rows).
 */
export function recordLink(
  row: Pick<ActivityRow, 'kind' | 'recordId' | 'changes'>,
): string | undefined {
  const { kind, recordId } = row;
  if (recordId === null) return undefined;
  const id = queryFields.id.read(recordId);
  if (kind === 'client') return href('clientLedger', { clientId: id });
  if (kind === 'employee') return href('employeeLedger', { employeeId: id });
  if (kind === 'expense_type') return href('settings');
  if (kind === 'user') return href('users');
  if (kind === 'batch') return href('journal', { batchId: id });
  if (kind === 'schedule') return href('recurring');
  const entryKind = entryKindOf(kind);
  if (entryKind) {
    const partyId = row.changes.find((change) => change.field === 'partyId')?.after;
    return href('journal', {
      kind: entryKind,
      partyId: typeof partyId === 'number' ? partyId : undefined,
    });
  }
  return undefined;
}

/** A field's value as text: nothing shows as an em dash, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The filters the screen offers in its pickers: every action and kind the log writes. */
export const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({
  value,
  label: ACTION_LABELS[value],
}));
export const KIND_OPTIONS = RECORD_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
