// Type-level tests, compiled by `npm run typecheck` and never run: each `@ts-expect-error` below
// must stay an error. Should the screen queries, entry kinds or audit actions lose their types
// (become plain strings), the directive itself fails the type check.
import {
  defineEndpoint,
  href,
  readQuery,
  type AuditAction,
  type EntryKind,
  type JournalKind,
  type RecordKind,
  type ScreenQuery,
} from '../src/index.js';

// A journal link takes the journal's filters, typed.
href('journal', { kind: 'income', partyId: 3, from: '2026-01-01' });
// @ts-expect-error a misspelt entry kind
href('journal', { kind: 'incom' });
// @ts-expect-error a filter the journal does not take
href('journal', { clientId: 3 });
// @ts-expect-error a party id is a number
href('journal', { partyId: '3' });
// @ts-expect-error the yearly report reads a year, not dates
href('yearlyReport', { startDate: '2026-01-01' });
// @ts-expect-error no such screen
href('jurnal', {});

// What a screen reads is typed as it is written.
const journal: ScreenQuery<'journal'> = readQuery('journal', '?kind=income');
export const kind: JournalKind | undefined = journal.kind;
// @ts-expect-error the journal's kinds are more than the entries': a voucher is not an entry
export const entryKind: EntryKind | undefined = journal.kind;
// @ts-expect-error the activity screen's filters are not the journal's
export const wrong: ScreenQuery<'journal'> = readQuery('activity', '');

// @ts-expect-error a misspelt entry kind
export const misspeltKind: EntryKind = 'expence';
// @ts-expect-error a misspelt audit action
export const misspeltAction: AuditAction = 'reversal';
// @ts-expect-error a misspelt kind of record
export const misspeltRecord: RecordKind = 'entry:loan';
// @ts-expect-error an activity filter takes only the audit actions
href('activity', { action: 'reversed' });

/** Labels over the audit actions must name every action and no other. */
export const labels: Record<AuditAction, string> = {
  create: '',
  update: '',
  delete: '',
  status: '',
  reverse: '',
  role_changed: '',
  password_changed: '',
  login: '',
  login_failed: '',
  login_throttled: '',
  logout: '',
  session_expired: '',
  session_ended: '',
  two_step_setup: '',
  two_step_on: '',
  two_step_off: '',
  two_step_failed: '',
  // @ts-expect-error an action the api never writes
  reversal: '',
};

// Every call says what its answer is made of (a GET's reads) or what it changes (any other's),
// in the topics of topics.ts: the browser refreshes reads from these alone.
const described = {
  tag: 'x',
  summary: 'x',
  access: 'signedIn',
  responses: {},
  errors: [],
  texts: { failure: 'x', error: 'x' },
} as const;
export const read = defineEndpoint({ ...described, method: 'GET', path: '/x', reads: ['clients'] });
export const write = defineEndpoint({ ...described, method: 'POST', path: '/x', changes: [] });
// @ts-expect-error a GET that does not say what it reads
export const unread = defineEndpoint({ ...described, method: 'GET', path: '/x' });
// @ts-expect-error a GET reads at least one topic
export const readsNothing = defineEndpoint({ ...described, method: 'GET', path: '/x', reads: [] });
// @ts-expect-error a write that does not say what it changes
export const unsaid = defineEndpoint({ ...described, method: 'PUT', path: '/x' });
export const unknown = defineEndpoint({
  ...described,
  method: 'PUT',
  path: '/x',
  // @ts-expect-error a topic outside the set
  changes: ['client'],
});
