// The clerk's day (issue 32): what an entry form shows beside itself. The entries the caller
// recorded in a form today ("Just recorded"), a client's current balance beside the Income
// picker, and the caller's own preference for how a save is confirmed (a pop-up, the spec's
// default, or a notice on the page).
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, Money } from './common.js';
import { defineEndpoint as endpoint, type EndpointTexts } from './endpoint.js';
import { JournalRow } from './journal.js';
import { EntryKind } from './kinds.js';

export const clerkMessages = {
  justRecorded: 'Just recorded',
  nothingRecordedToday: 'Nothing recorded in this form today.',
  correct: 'Correct',
  failedLoadJustRecorded: 'Failed to load the entries recorded today',
  errorLoadingJustRecorded: 'Error loading the entries recorded today',
  failedLoadBalance: "Failed to load the client's balance",
  errorLoadingBalance: "Error loading the client's balance",
  failedLoadPreferences: 'Failed to load your preferences',
  errorLoadingPreferences: 'Error loading your preferences',
  failedSavePreferences: 'Failed to save your preferences',
  errorSavingPreferences: 'Error saving your preferences',
  preferencesSaved: 'Preferences saved',
  preferences: 'Preferences',
  confirmWithNotice: 'Confirm saves with a notice instead of a pop-up',
  skipToContent: 'Skip to content',
  balanceLabel: 'Balance',
  /** Beside Income's Credit/Debit: what each means for a client. */
  incomeCreditDebitHint: 'Debit: an invoice, the client owes. Credit: a payment received.',
  emptyFieldsPrefix: 'Empty:',
  takePhoto: 'Take a photo',
} as const;

const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });

export const JustRecordedQuery = Type.Object({ kind: EntryKind }, { additionalProperties: false });
export type JustRecordedQuery = Static<typeof JustRecordedQuery>;

/** The caller's entries of one kind recorded today through a form, newest first (at most 50). */
export const JustRecorded = Type.Object({ entries: Type.Array(JournalRow) });
export type JustRecorded = Static<typeof JustRecorded>;

/** What a client owes today (income Debit less Credit, net of reversals); negative: in credit. */
export const ClientBalance = Type.Object({ clientId: Type.Integer(), balance: Money });
export type ClientBalance = Static<typeof ClientBalance>;

export const Preferences = Type.Object(
  { confirmWithNotice: Type.Boolean() },
  { additionalProperties: false },
);
export type Preferences = Static<typeof Preferences>;

export const clerkEndpoints = {
  listJustRecorded: endpoint({
    method: 'GET',
    path: '/journal/just-recorded',
    reads: ['entries', 'receipts'],
    tag: 'journal',
    summary: "The caller's entries of one kind recorded today through a form, newest first",
    description:
      'Today in the server time zone; reversals and the entries of a batch (payroll, import, ' +
      'recurring) are left out. At most 50.',
    access: 'signedIn',
    query: JustRecordedQuery,
    responses: { 200: JustRecorded },
    errors: [],
    texts: texts(clerkMessages.failedLoadJustRecorded, clerkMessages.errorLoadingJustRecorded),
  }),
  getClientBalance: endpoint({
    method: 'GET',
    path: '/clients/:id/balance',
    reads: ['entries', 'clients'],
    tag: 'clients',
    summary: "A client's balance today: what they owe (positive) or have in credit (negative)",
    access: 'signedIn',
    params: IdParams,
    responses: { 200: ClientBalance },
    errors: [404],
    texts: texts(clerkMessages.failedLoadBalance, clerkMessages.errorLoadingBalance),
  }),
  getPreferences: endpoint({
    method: 'GET',
    path: '/account/preferences',
    reads: ['preferences'],
    tag: 'account',
    summary: "The caller's own preferences",
    access: 'signedIn',
    ownAccount: true,
    responses: { 200: Preferences },
    errors: [],
    texts: texts(clerkMessages.failedLoadPreferences, clerkMessages.errorLoadingPreferences),
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/account/preferences',
    changes: ['preferences', 'activity'],
    answersRead: 'getPreferences',
    tag: 'account',
    summary: "Set the caller's own preferences (every role, a viewer too: they are one's own)",
    access: 'signedIn',
    ownAccount: true,
    body: Preferences,
    responses: { 200: Preferences },
    errors: [],
    texts: texts(clerkMessages.failedSavePreferences, clerkMessages.errorSavingPreferences),
  }),
};
