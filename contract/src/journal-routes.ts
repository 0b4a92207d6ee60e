// The browser's half of the calls of journal-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const JOURNAL_LOAD = texts(messages.failedLoadJournal, messages.errorLoadingJournal);

export const journalRoutes = {
  listJournal: route({
    method: 'GET',
    path: '/journal',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    texts: JOURNAL_LOAD,
  }),
  getJournalTotals: route({
    method: 'GET',
    path: '/journal/totals',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    texts: JOURNAL_LOAD,
  }),
  journalCsv: route({
    method: 'GET',
    path: '/journal/csv',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    file: { mediaType: 'text/csv', fileName: 'journal.csv' },
    texts: texts(messages.failedDownloadCsv, messages.errorDownloadingCsv),
  }),
  reverseEntry: route({
    method: 'POST',
    path: '/journal/:id/reverse',
    changes: ['entries', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedReverseEntry, messages.errorReversingEntry),
  }),
  correctEntry: route({
    method: 'POST',
    path: '/journal/:id/correct',
    changes: ['entries', 'receipts', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedCorrectEntry, messages.errorCorrectingEntry),
  }),
  getBooksClosed: route({
    method: 'GET',
    path: '/journal/closed',
    reads: ['closing'],
    access: 'signedIn',
    texts: texts(messages.failedLoadBooksClosed, messages.errorLoadingBooksClosed),
  }),
  moveBooksClosed: route({
    method: 'PUT',
    path: '/journal/closed',
    changes: ['closing', 'activity'],
    answersRead: 'getBooksClosed',
    access: 'admin',
    texts: texts(messages.failedSaveBooksClosed, messages.errorSavingBooksClosed),
  }),
};
