// The clerk's day (issue 32): what an entry form shows beside itself. The entries the caller
// recorded in a form today ("Just recorded"), a client's current balance beside the Income
// picker, and the caller's own preference for how a save is confirmed (a pop-up, the spec's
// default, or a notice on the page).
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, Money } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { JournalRow } from './journal.js';
import { EntryKind } from './kinds.js';
import { clerkRoutes } from './clerk-routes.js';
export { clerkMessages } from './clerk-routes.js';

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
    ...clerkRoutes.listJustRecorded,
    tag: 'journal',
    summary: "The caller's entries of one kind recorded today through a form, newest first",
    description:
      'Today in the server time zone; reversals and the entries of a batch (payroll, import, ' +
      'recurring) are left out. At most 50.',
    query: JustRecordedQuery,
    responses: { 200: JustRecorded },
    errors: [],
  }),
  getClientBalance: endpoint({
    ...clerkRoutes.getClientBalance,
    tag: 'clients',
    summary: "A client's balance today: what they owe (positive) or have in credit (negative)",
    params: IdParams,
    responses: { 200: ClientBalance },
    errors: [404],
  }),
  getPreferences: endpoint({
    ...clerkRoutes.getPreferences,
    tag: 'account',
    summary: "The caller's own preferences",
    responses: { 200: Preferences },
    errors: [],
  }),
  savePreferences: endpoint({
    ...clerkRoutes.savePreferences,
    tag: 'account',
    summary: "Set the caller's own preferences (every role, a viewer too: they are one's own)",
    body: Preferences,
    responses: { 200: Preferences },
    errors: [],
  }),
};
