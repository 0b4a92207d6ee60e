// The calls of the journal: listing, totals, reversal, correction, the closed period (tag journal).
import { texts } from './endpoint-texts.js';
import { CsvText } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { IdempotencyHeaders } from './expenses.js';
import {
  BooksClosed,
  BooksClosedBody,
  CorrectBody,
  CorrectResponse,
  JournalPage,
  JournalQuery,
  JournalTotals,
  JournalTotalsQuery,
  ReverseBody,
  ReverseParams,
  ReverseResponse,
} from './journal.js';
import { apiMessages, messages } from './messages.js';

const JOURNAL_LOAD = texts(messages.failedLoadJournal, messages.errorLoadingJournal);

export const journalEndpoints = {
  listJournal: endpoint({
    method: 'GET',
    path: '/journal',
    reads: ['entries', 'receipts'],
    tag: 'journal',
    summary: 'Every entry, newest first, filtered; one page at a time by position',
    description:
      'Pass `next` from a page as `after` for the following page. Text matches any part of ' +
      'the description or the party name, case-insensitive; amount bounds apply to the ' +
      "amount's size, so an entry and its reversal match together.",
    access: 'signedIn',
    query: JournalQuery,
    responses: { 200: JournalPage },
    errors: [],
    texts: JOURNAL_LOAD,
  }),
  getJournalTotals: endpoint({
    method: 'GET',
    path: '/journal/totals',
    reads: ['entries', 'receipts'],
    tag: 'journal',
    summary: 'How many entries match and their Credit and Debit totals',
    access: 'signedIn',
    query: JournalTotalsQuery,
    responses: { 200: JournalTotals },
    errors: [],
    texts: JOURNAL_LOAD,
  }),
  journalCsv: endpoint({
    method: 'GET',
    path: '/journal/csv',
    reads: ['entries', 'receipts'],
    tag: 'journal',
    summary: 'Every matching entry as CSV, streamed, ending with a totals row',
    access: 'signedIn',
    query: JournalTotalsQuery,
    responses: { 200: CsvText },
    file: { mediaType: 'text/csv', fileName: 'journal.csv' },
    errors: [429],
    texts: texts(messages.failedDownloadCsv, messages.errorDownloadingCsv),
  }),
  reverseEntry: endpoint({
    method: 'POST',
    path: '/journal/:id/reverse',
    changes: ['entries', 'activity'],
    tag: 'journal',
    summary: 'Reverse an entry: a new entry that cancels it in every figure',
    description:
      'Once per entry; a reversal cannot be reversed. Send an Idempotency-Key header to ' +
      'make the call safe to repeat.',
    access: 'signedIn',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: ReverseBody,
    // 201 records the reversal; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: ReverseResponse, 201: ReverseResponse },
    errors: [404, 409],
    texts: texts(messages.failedReverseEntry, messages.errorReversingEntry),
  }),
  correctEntry: endpoint({
    method: 'POST',
    path: '/journal/:id/correct',
    changes: ['entries', 'receipts', 'activity'],
    tag: 'journal',
    summary: 'Correct an entry in one step: its reversal and the corrected entry, both or neither',
    description:
      "Fields left out keep the entry's value; its receipts are carried over to the corrected " +
      'entry. Refused for a reversal, an entry reversed already, a correction that changes ' +
      "nothing, and when the entry's day or the new day is in the closed period. Send an " +
      'Idempotency-Key header to make the call safe to repeat.',
    access: 'signedIn',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: CorrectBody,
    // 201 records the correction; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: CorrectResponse, 201: CorrectResponse },
    errors: [404, 409],
    texts: texts(messages.failedCorrectEntry, messages.errorCorrectingEntry),
  }),
  getBooksClosed: endpoint({
    method: 'GET',
    path: '/journal/closed',
    reads: ['closing'],
    tag: 'journal',
    summary: 'The day the books are closed through (null: none)',
    access: 'signedIn',
    responses: { 200: BooksClosed },
    errors: [],
    texts: texts(messages.failedLoadBooksClosed, messages.errorLoadingBooksClosed),
  }),
  moveBooksClosed: endpoint({
    method: 'PUT',
    path: '/journal/closed',
    changes: ['closing', 'activity'],
    answersRead: 'getBooksClosed',
    tag: 'journal',
    summary: 'Move the day the books are closed through (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBooks,
    body: BooksClosedBody,
    responses: { 200: BooksClosed },
    errors: [],
    texts: texts(messages.failedSaveBooksClosed, messages.errorSavingBooksClosed),
  }),
};
