// Month-end (issue 34): budgets, Budget vs actual, receivables aging, the checklist and its close.
// The downloads of these are in routes/exports.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints, monthEndMessages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { isRealDay, monthOf, todayIn } from '../../lib/dates.js';
import {
  budgetRange,
  budgetReport,
  budgetUse,
  overBudget,
  setBudget,
} from '../../repositories/budgets.js';
import { receivables } from '../../repositories/receivables.js';
import { closeMonth, monthEnd } from '../../repositories/month-end.js';
import type { JsonText } from '../../repositories/reports.js';
import { route } from '../route.js';

const sendJson = (reply: FastifyReply, body: JsonText) =>
  reply.type('application/json; charset=utf-8').send(body);

/** The day of a receivables query: a real day, today when left out. */
export function receivablesDay(date: string | undefined, today: string): string {
  if (!date) return today;
  if (!isRealDay(date)) throw badRequest('date must be a valid date');
  return date;
}

export const monthEndRoutes: FastifyPluginAsync = async (app) => {
  const today = () => todayIn(app.config.timeZone);

  route(app, endpoints.setExpenseTypeBudget, async (request) => ({
    message: monthEndMessages.budgetSaved,
    budget: await setBudget(app.db, currentUser(request).id, request.params.id, request.body),
  }));

  route(app, endpoints.getExpenseTypeBudget, async (request) =>
    budgetUse(app.db, request.params.id, request.query.month ?? today().slice(0, 7)),
  );

  route(app, endpoints.getBudgetReport, async (request, reply) =>
    sendJson(reply, await budgetReport(app.db, budgetRange(request.query, today()))),
  );

  route(app, endpoints.getOverBudget, async (_request, reply) => {
    return sendJson(reply, await overBudget(app.db, monthOf(today())));
  });

  route(app, endpoints.getReceivables, async (request, reply) =>
    sendJson(reply, await receivables(app.db, receivablesDay(request.query.date, today()))),
  );

  route(app, endpoints.getMonthEnd, async (request) =>
    monthEnd(app.db, request.query.month, today()),
  );

  route(app, endpoints.closeMonth, async (request) =>
    closeMonth(app.db, currentUser(request).id, request.body.month, today()),
  );
};
