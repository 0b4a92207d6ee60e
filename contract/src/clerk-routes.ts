// The browser's half of the calls of clerk.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { defineRoute as route, type EndpointTexts } from './endpoint.js';

/** The texts of the clerk's screens (just recorded, balance, preferences). */
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
export const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });

export const clerkRoutes = {
  listJustRecorded: route({
    method: 'GET',
    path: '/journal/just-recorded',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    texts: texts(clerkMessages.failedLoadJustRecorded, clerkMessages.errorLoadingJustRecorded),
  }),
  getClientBalance: route({
    method: 'GET',
    path: '/clients/:id/balance',
    reads: ['entries', 'clients'],
    access: 'signedIn',
    texts: texts(clerkMessages.failedLoadBalance, clerkMessages.errorLoadingBalance),
  }),
  getPreferences: route({
    method: 'GET',
    path: '/account/preferences',
    reads: ['preferences'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(clerkMessages.failedLoadPreferences, clerkMessages.errorLoadingPreferences),
  }),
  savePreferences: route({
    method: 'PUT',
    path: '/account/preferences',
    changes: ['preferences', 'activity'],
    answersRead: 'getPreferences',
    access: 'signedIn',
    ownAccount: true,
    texts: texts(clerkMessages.failedSavePreferences, clerkMessages.errorSavingPreferences),
  }),
};
