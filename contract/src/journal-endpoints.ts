// The calls of the journal: listing, totals, reversal, correction, the closed period (tag journal).
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
import { apiMessages } from './messages.js';
import { journalRoutes } from './journal-routes.js';

export const journalEndpoints = {
  listJournal: endpoint({
    ...journalRoutes.listJournal,
    tag: 'journal',
    summary: 'Every entry, newest first, filtered; one page at a time by position',
    description:
      'Pass `next` from a page as `after` for the following page. Text matches any part of ' +
      'the description or the party name, case-insensitive; amount bounds apply to the ' +
      "amount's size, so an entry and its reversal match together.",
    query: JournalQuery,
    responses: { 200: JournalPage },
    errors: [],
  }),
  getJournalTotals: endpoint({
    ...journalRoutes.getJournalTotals,
    tag: 'journal',
    summary: 'How many entries match and their Credit and Debit totals',
    query: JournalTotalsQuery,
    responses: { 200: JournalTotals },
    errors: [],
  }),
  journalCsv: endpoint({
    ...journalRoutes.journalCsv,
    tag: 'journal',
    summary: 'Every matching entry as CSV, streamed, ending with a totals row',
    query: JournalTotalsQuery,
    responses: { 200: CsvText },
    errors: [429],
  }),
  reverseEntry: endpoint({
    ...journalRoutes.reverseEntry,
    tag: 'journal',
    summary: 'Reverse an entry: a new entry that cancels it in every figure',
    description:
      'Once per entry; a reversal cannot be reversed. Send an Idempotency-Key header to ' +
      'make the call safe to repeat.',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: ReverseBody,
    // 201 records the reversal; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: ReverseResponse, 201: ReverseResponse },
    errors: [404, 409],
  }),
  correctEntry: endpoint({
    ...journalRoutes.correctEntry,
    tag: 'journal',
    summary: 'Correct an entry in one step: its reversal and the corrected entry, both or neither',
    description:
      "Fields left out keep the entry's value; its receipts are carried over to the corrected " +
      'entry. Refused for a reversal, an entry reversed already, a correction that changes ' +
      "nothing, and when the entry's day or the new day is in the closed period. Send an " +
      'Idempotency-Key header to make the call safe to repeat.',
    params: ReverseParams,
    headers: IdempotencyHeaders,
    body: CorrectBody,
    // 201 records the correction; 200 answers a repeated Idempotency-Key with the one made.
    responses: { 200: CorrectResponse, 201: CorrectResponse },
    errors: [404, 409],
  }),
  getBooksClosed: endpoint({
    ...journalRoutes.getBooksClosed,
    tag: 'journal',
    summary: 'The day the books are closed through (null: none)',
    responses: { 200: BooksClosed },
    errors: [],
  }),
  moveBooksClosed: endpoint({
    ...journalRoutes.moveBooksClosed,
    tag: 'journal',
    summary: 'Move the day the books are closed through (admins only)',
    adminsOnly: apiMessages.adminsOnlyBooks,
    body: BooksClosedBody,
    responses: { 200: BooksClosed },
    errors: [],
  }),
};
