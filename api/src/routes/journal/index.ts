// /api/journal: every entry, filtered and paged by position; totals over what matches; the CSV
// of it, streamed; reversals and corrections; and the "books closed through" day (admins move it).
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import { closedThrough, correctEntry, moveClosedThrough, reverseEntry } from '../../books/index.js';
import { carryReceipts } from '../../repositories/receipts.js';
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

  route(app, endpoints.correctEntry, async (request, reply) => {
    const userId = currentUser(request).id;
    const { id } = request.params;
    const { reason, amount, date, description, partyId, Creditdebit, accountId } = request.body;
    const { reversal, entry, created } = await correctEntry(
      app.db,
      userId,
      {
        id,
        reason,
        changes: {
          // A decimal string has passed the schema's plain-digits pattern.
          amount: amount === undefined ? undefined : Number(amount),
          date,
          description: description?.trim(),
          partyId,
          creditDebit: Creditdebit,
          accountId,
        },
        idempotencyKey: request.headers['idempotency-key'],
      },
      todayIn(app.config.timeZone),
      // The receipts go with the corrected entry, by reference.
      async (tx, corrected) => {
        const receipts = await carryReceipts(tx, userId, id, corrected.id);
        return receipts.length > 0 ? { receipts } : {};
      },
    );
    return reply.status(created ? 201 : 200).send({
      message:
        `${apiMessages.entryCorrected} #${id}: reversed by #${reversal.id}, ` +
        `recorded again as #${entry.id}`,
      reversal,
      entry,
    });
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
