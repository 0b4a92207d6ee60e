// /api/journal: every entry, filtered and paged by position; totals over what matches; the CSV
// of it, streamed; reversals; and the "books closed through" day (admins move it).
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  apiMessages,
  BooksClosed,
  BooksClosedBody,
  ErrorResponse,
  IdempotencyHeaders,
  JournalPage,
  JournalQuery,
  JournalTotals,
  JournalTotalsQuery,
  ReverseBody,
  ReverseParams,
  ReverseResponse,
} from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import { forbidden } from '../../lib/errors.js';
import { closedThrough } from '../../repositories/entries.js';
import {
  checkFilters,
  journalCsv,
  journalPage,
  journalTotals,
  moveClosedThrough,
  reverseEntry,
} from '../../repositories/journal.js';

const failures = { 400: ErrorResponse, 401: ErrorResponse };
const DEFAULT_PAGE = 50;

export const journalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['journal'],
        summary: 'Every entry, newest first, filtered; one page at a time by position',
        description:
          'Pass `next` from a page as `after` for the following page. Text matches any part of ' +
          'the description or the party name, case-insensitive; amount bounds apply to the ' +
          "amount's size, so an entry and its reversal match together.",
        querystring: JournalQuery,
        response: { 200: JournalPage, ...failures },
      },
    },
    (request) => {
      const { limit, after, ...filters } = request.query;
      return journalPage(app.db, filters, limit ?? DEFAULT_PAGE, after);
    },
  );

  app.get(
    '/totals',
    {
      schema: {
        tags: ['journal'],
        summary: 'How many entries match and their Credit and Debit totals',
        querystring: JournalTotalsQuery,
        response: { 200: JournalTotals, ...failures },
      },
    },
    (request) => journalTotals(app.db, request.query),
  );

  app.get(
    '/csv',
    {
      schema: {
        tags: ['journal'],
        summary: 'Every matching entry as CSV, streamed, ending with a totals row',
        querystring: JournalTotalsQuery,
      },
    },
    async (request, reply) => {
      // Bad filters are a 400 before the 200 and the first line go out.
      checkFilters(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="journal.csv"')
        .send(Readable.from(journalCsv(app.db, request.query)));
    },
  );

  app.post(
    '/:id/reverse',
    {
      schema: {
        tags: ['journal'],
        summary: 'Reverse an entry: a new entry that cancels it in every figure',
        description:
          'Once per entry; a reversal cannot be reversed. Send an Idempotency-Key header to ' +
          'make the call safe to repeat.',
        params: ReverseParams,
        headers: IdempotencyHeaders,
        body: ReverseBody,
        response: {
          200: ReverseResponse,
          201: ReverseResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { entry, created } = await reverseEntry(app.db, currentUser(request).id, {
        id: request.params.id,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(created ? 201 : 200).send({ message: apiMessages.entryReversed, entry });
    },
  );

  app.get(
    '/closed',
    {
      schema: {
        tags: ['journal'],
        summary: 'The day the books are closed through (null: none)',
        response: { 200: BooksClosed, 401: ErrorResponse },
      },
    },
    async (request) => ({
      closedThrough: await closedThrough(app.db),
      canMove: currentUser(request).role === 'admin',
    }),
  );

  app.put(
    '/closed',
    {
      schema: {
        tags: ['journal'],
        summary: 'Move the day the books are closed through (admins only)',
        body: BooksClosedBody,
        response: { 200: BooksClosed, 403: ErrorResponse, ...failures },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role !== 'admin') throw forbidden(apiMessages.adminsOnlyBooks);
      return {
        closedThrough: await moveClosedThrough(
          app.db,
          user.id,
          request.body.closedThrough,
          todayIn(app.config.timeZone),
        ),
        canMove: true,
      };
    },
  );
};
