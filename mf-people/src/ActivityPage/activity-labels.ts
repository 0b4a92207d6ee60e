// How the audit log's stored names read on the Activity screen, and which screen a record opens
// on. Names this screen does not know yet (another part of the product may add some) are shown
// readably rather than hidden.
import type { ActivityRow } from 'contract';

const humanize = (name: string) => name.replace(/[_:]+/g, ' ').trim();

export const ACTION_LABELS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  status: 'status change',
  reverse: 'reversal',
  reversal: 'reversal',
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
};

export const KIND_LABELS: Record<string, string> = {
  user: 'User',
  client: 'Client',
  employee: 'Employee',
  expense_type: 'Expense type',
  'entry:income': 'Income entry',
  'entry:expense': 'Expense entry',
  'entry:salary': 'Salary entry',
  session: 'Sign-in',
  security_settings: 'Security settings',
};

const isEntry = (kind: string) => kind.startsWith('entry');

/** What was done, in words: an added entry is "entry", a change of settings "setting changed". */
export function actionLabel(row: Pick<ActivityRow, 'action' | 'kind'>): string {
  if (row.action === 'create' && isEntry(row.kind)) return 'entry';
  if (row.action === 'update' && /setting|books|period/.test(row.kind)) return 'setting changed';
  return ACTION_LABELS[row.action] ?? humanize(row.action);
}

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? humanize(kind);

/**
 * The screen a record opens on, where it has one: a client or employee to their ledger, an
 * expense type to Settings, a user to Users, an entry to the journal of its kind and party (the
 * journal's own filters; the entry is among that party's rows).
 */
export function recordLink(
  row: Pick<ActivityRow, 'kind' | 'recordId' | 'changes'>,
): string | undefined {
  const { kind, recordId: id } = row;
  if (id === null) return undefined;
  const query = (values: Record<string, string>) => `?${new URLSearchParams(values).toString()}`;
  if (kind === 'client') return `/ClientLedgerPage${query({ clientId: id })}`;
  if (kind === 'employee') return `/EmployeeLedgerPage${query({ employeeId: id })}`;
  if (kind === 'expense_type') return '/settings';
  if (kind === 'user') return '/Users';
  if (isEntry(kind)) {
    const partyId = row.changes.find((change) => change.field === 'partyId')?.after;
    const entryKind = kind.slice('entry:'.length);
    return `/Journal${query({
      ...(entryKind ? { kind: entryKind } : {}),
      ...(typeof partyId === 'number' ? { partyId: String(partyId) } : {}),
    })}`;
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

/** The filters the screen offers in its pickers (the URL may name any other). */
export const ACTION_OPTIONS = Object.keys(ACTION_LABELS)
  .filter((action) => action !== 'reversal')
  .map((value) => ({ value, label: ACTION_LABELS[value] ?? value }));
export const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));
