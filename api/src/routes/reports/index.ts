// The dashboard figures, every report and the three ledgers (paths under /api/dashboard). Query names and
// response shapes are the spec's; the arithmetic is in repositories/reports.ts.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import * as reports from '../../repositories/reports.js';
import { BEGINNING, monthOf, resolveRange, todayIn } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import { route } from '../route.js';
import type { JsonText } from '../../repositories/reports.js';
import { parseCursor } from '../../repositories/journal.js';

/** The optional paging of a ledger query. */
const pageOf = (query: { limit?: number; after?: string }) => ({
  limit: query.limit,
  after: parseCursor(query.after),
});

/**
 * Reports and ledgers arrive as JSON text built by PostgreSQL, money as exact number tokens
 * (see reports.ts); it goes out as it is.
 */
const sendJson = (reply: FastifyReply, body: JsonText) =>
  reply.type('application/json; charset=utf-8').send(body);

export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const today = () => todayIn(app.config.timeZone);
  const currentMonth = () => monthOf(today());
  /** startDate..endDate of a report or ledger query, each side defaulting to this month's. */
  const rangeOrThisMonth = (query: { startDate?: string; endDate?: string }) =>
    resolveRange(['startDate', 'endDate'], query.startDate, query.endDate, currentMonth());
  const exists = async (table: 'clients' | 'employees', id: number, message: string) => {
    const row = await app.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(message);
  };

  route(app, endpoints.getTotals, () => reports.totals(app.db));

  route(app, endpoints.getFinance, async (request, reply) =>
    sendJson(
      reply,
      await reports.finance(
        app.db,
        resolveRange(['from', 'to'], request.query.from, request.query.to, currentMonth()),
      ),
    ),
  );

  route(app, endpoints.getClientsVsSales, async (_request, reply) =>
    sendJson(reply, await reports.clientsVsSales(app.db)),
  );

  route(app, endpoints.getEmployeesVsSalary, async (request, reply) =>
    sendJson(
      reply,
      await reports.employeesVsSalary(
        app.db,
        resolveRange(['startDate', 'endDate'], request.query.startDate, request.query.endDate, {
          from: BEGINNING,
          to: today(),
        }),
      ),
    ),
  );

  route(app, endpoints.getExpenseVsType, async (request, reply) =>
    sendJson(reply, await reports.expenseVsType(app.db, rangeOrThisMonth(request.query))),
  );

  route(app, endpoints.getIncomeReport, async (_request, reply) =>
    sendJson(reply, await reports.incomeReport(app.db)),
  );

  route(app, endpoints.getClientLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await exists('clients', request.query.clientId, apiMessages.clientNotFound);
    return sendJson(
      reply,
      await reports.clientLedger(app.db, request.query.clientId, range, pageOf(request.query)),
    );
  });

  route(app, endpoints.getEmployeeLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await exists('employees', request.query.employeeId, apiMessages.employeeNotFound);
    return sendJson(
      reply,
      await reports.employeeLedger(app.db, request.query.employeeId, range, pageOf(request.query)),
    );
  });

  route(app, endpoints.getExpenseLedger, async (request, reply) =>
    sendJson(
      reply,
      await reports.expenseLedger(app.db, rangeOrThisMonth(request.query), pageOf(request.query)),
    ),
  );

  route(app, endpoints.getYearly, async (request, reply) =>
    sendJson(reply, await reports.yearly(app.db, request.query.year)),
  );
};
