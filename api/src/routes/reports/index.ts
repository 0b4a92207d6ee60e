// The dashboard figures, every report and the three ledgers (paths under /api/dashboard). Query names and
// response shapes are the spec's; the arithmetic is in repositories/reports.ts.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import * as reports from '../../repositories/reports.js';
import { BEGINNING, ENDING, monthOf, resolveRange, todayIn } from '../../lib/dates.js';
import { badRequest } from '../../lib/errors.js';
import { reportRanges } from '../../lib/report-ranges.js';
import { route } from '../route.js';
import type { JsonText, LedgerRows } from '../../repositories/reports.js';
import { encodeCursor, parseDatedCursor } from '../../lib/page-cursor.js';
import * as compared from '../../repositories/compare-reports.js';
import { comparedDays, comparedRange, comparisonOf } from '../../lib/compare.js';

/** The paging of a ledger query (the spec's calls: optional and deprecated). */
const pageOf = (query: { limit?: number; after?: string }) => ({
  limit: query.limit,
  after: parseDatedCursor('ledger', query.after),
});

/** A paged ledger's answer: its rows, and the cursor of the following page (null: none). */
const ledgerPage = ({ body, next }: LedgerRows) =>
  `{"rows":${body},"next":${next === null ? 'null' : JSON.stringify(encodeCursor('ledger', next))}}` as JsonText;

/**
 * Reports and ledgers arrive as JSON text built by PostgreSQL, money as exact number tokens
 * (see reports.ts); it goes out as it is.
 */
const sendJson = (reply: FastifyReply, body: JsonText) =>
  reply.type('application/json; charset=utf-8').send(body);

export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const today = () => todayIn(app.config.timeZone);
  const currentMonth = () => monthOf(today());
  const ranges = () => reportRanges(today());
  const rangeOrThisMonth = (query: { startDate?: string; endDate?: string }) =>
    ranges().thisMonth(query);

  route(app, endpoints.getTotals, () => reports.totals(app.db));

  route(app, endpoints.getFinance, async (request, reply) => {
    const range = ranges().finance(request.query);
    const { compare } = request.query;
    if (compare === undefined) return sendJson(reply, await reports.finance(app.db, range));
    const choice = comparisonOf(compare, range);
    const other = choice && comparedRange(range, choice);
    return sendJson(reply, await compared.financeCompared(app.db, range, other));
  });

  route(app, endpoints.getClientsVsSales, async (_request, reply) =>
    sendJson(reply, await reports.clientsVsSales(app.db)),
  );

  route(app, endpoints.getEmployeesVsSalary, async (request, reply) => {
    const range = ranges().employeesVsSalary(request.query);
    const choice = comparisonOf(request.query.compare, range);
    return sendJson(
      reply,
      choice
        ? await compared.employeesVsSalaryCompared(app.db, range, comparedRange(range, choice))
        : await reports.employeesVsSalary(app.db, range),
    );
  });

  route(app, endpoints.getExpenseVsType, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    const choice = comparisonOf(request.query.compare, range);
    return sendJson(
      reply,
      choice
        ? await compared.expenseVsTypeCompared(app.db, range, comparedRange(range, choice))
        : await reports.expenseVsType(app.db, range),
    );
  });

  route(app, endpoints.getIncomeReport, async (request, reply) => {
    const { startDate, endDate, compare } = request.query;
    // Without dates or a comparison: every day, as the spec's call.
    if (!startDate && !endDate && (compare === undefined || compare === 'none'))
      return sendJson(reply, await reports.incomeReport(app.db));
    const range = resolveRange(['startDate', 'endDate'], startDate, endDate, {
      from: BEGINNING,
      to: today(),
    });
    const choice = comparisonOf(compare, range);
    return sendJson(
      reply,
      await compared.incomeReportCompared(app.db, range, choice && comparedDays(range, choice)),
    );
  });

  route(app, endpoints.getClientLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await reports.ledgerParty(app.db, 'income', request.query.clientId);
    return sendJson(
      reply,
      (await reports.clientLedger(app.db, request.query.clientId, range, pageOf(request.query)))
        .body,
    );
  });

  route(app, endpoints.getEmployeeLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await reports.ledgerParty(app.db, 'salary', request.query.employeeId);
    return sendJson(
      reply,
      (await reports.employeeLedger(app.db, request.query.employeeId, range, pageOf(request.query)))
        .body,
    );
  });

  route(app, endpoints.getLedgerOpening, async (request, reply) => {
    const { ledger, partyId } = request.query;
    // Only the start matters: the balance covers everything before it.
    const { from } = resolveRange(['startDate', 'endDate'], request.query.startDate, undefined, {
      from: currentMonth().from,
      to: ENDING,
    });
    if (ledger === 'expense') {
      if (partyId !== undefined) throw badRequest(apiMessages.expenseLedgerHasNoParty);
      return sendJson(reply, await reports.ledgerOpening(app.db, 'expense', from));
    }
    if (partyId === undefined) throw badRequest(apiMessages.ledgerNeedsParty);
    await reports.ledgerParty(app.db, ledger === 'client' ? 'income' : 'salary', partyId);
    const kind = ledger === 'client' ? 'income' : 'salary';
    return sendJson(reply, await reports.ledgerOpening(app.db, kind, from, partyId));
  });

  route(app, endpoints.listPartyBalances, async (request, reply) =>
    sendJson(
      reply,
      await reports.partyBalances(app.db, request.query.ledger === 'client' ? 'income' : 'salary'),
    ),
  );

  route(app, endpoints.getExpenseLedger, async (request, reply) =>
    sendJson(
      reply,
      (await reports.expenseLedger(app.db, rangeOrThisMonth(request.query), pageOf(request.query)))
        .body,
    ),
  );

  // The ledgers a page at a time (`limit` defaults to 1000 in the schema).
  route(app, endpoints.listClientLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await reports.ledgerParty(app.db, 'income', request.query.clientId);
    const { clientId } = request.query;
    return sendJson(
      reply,
      ledgerPage(await reports.clientLedger(app.db, clientId, range, pageOf(request.query))),
    );
  });

  route(app, endpoints.listEmployeeLedger, async (request, reply) => {
    const range = rangeOrThisMonth(request.query);
    await reports.ledgerParty(app.db, 'salary', request.query.employeeId);
    const { employeeId } = request.query;
    return sendJson(
      reply,
      ledgerPage(await reports.employeeLedger(app.db, employeeId, range, pageOf(request.query))),
    );
  });

  route(app, endpoints.listExpenseLedger, async (request, reply) =>
    sendJson(
      reply,
      ledgerPage(
        await reports.expenseLedger(app.db, rangeOrThisMonth(request.query), pageOf(request.query)),
      ),
    ),
  );

  route(app, endpoints.getYearly, async (request, reply) => {
    const { year, compare } = request.query;
    return sendJson(
      reply,
      compare === undefined || compare === 'none'
        ? await reports.yearly(app.db, year)
        : await compared.yearlyCompared(app.db, year),
    );
  });
};
