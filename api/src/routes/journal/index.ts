// /api/journal: every entry, filtered and paged by position; totals over what matches; the CSV
// of it, streamed; reversals; and the "books closed through" day (admins move it).
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import { closedThrough, moveClosedThrough, reverseEntry } from '../../books/index.js';
import { journalCsv } from '../../exports/journal-csv.js';
import {
  checkFilters,
  journalPage,
  journalTotals,
  justRecorded,
} from '../../repositories/journal.js';
import { holdExportSlot } from '../../lib/export-slots.js';
import { route } from '../route.js';

const DEFAULT_PAGE = 50;

export const journalRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listJournal, (request) => {
    const { limit, after, ...filters } = request.query;
    return journalPage(app.db, filters, limit ?? DEFAULT_PAGE, after);
  });

  // Under each entry form: what the caller recorded in it today (issue 32).
  route(app, endpoints.listJustRecorded, async (request) => ({
    entries: await justRecorded(
      app.db,
      currentUser(request).id,
      request.query.kind,
      todayIn(app.config.timeZone),
    ),
  }));

  route(app, endpoints.getJournalTotals, (request) => journalTotals(app.db, request.query));

  route(app, endpoints.journalCsv, (request, reply) => {
    // Bad filters are a 400 before the 200 and the first line go out.
    checkFilters(request.query);
    holdExportSlot(request, reply);
    return journalCsv(app.db, request.query);
  });

  route(app, endpoints.reverseEntry, async (request, reply) => {
    const { entry, created } = await reverseEntry(app.db, currentUser(request).id, {
      id: request.params.id,
      reason: request.body.reason,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return reply.status(created ? 201 : 200).send({ message: apiMessages.entryReversed, entry });
  });

  route(app, endpoints.getBooksClosed, async (request) => ({
    closedThrough: await closedThrough(app.db),
    canMove: currentUser(request).role === 'admin',
  }));

  route(app, endpoints.moveBooksClosed, async (request) => ({
    closedThrough: await moveClosedThrough(
      app.db,
      currentUser(request).id,
      request.body.closedThrough,
      todayIn(app.config.timeZone),
    ),
    canMove: true,
  }));
};
