// /api/dashboard: the dashboard figures, every report and the three ledgers. Query names and
// response shapes are the spec's; the arithmetic is in repositories/reports.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  apiMessages,
  ClientLedger,
  ClientLedgerQuery,
  ClientsVsSales,
  DateRangeQuery,
  EmployeeLedger,
  ExpenseLedgerQuery,
  EmployeeLedgerQuery,
  EmployeesVsSalary,
  ErrorResponse,
  ExpenseLedger,
  ExpenseVsType,
  Finance,
  FinanceQuery,
  IncomeReport,
  Totals,
  Yearly,
  YearlyQuery,
} from 'contract';
import * as reports from '../../repositories/reports.js';
import { BEGINNING, monthOf, resolveRange, todayIn } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import type { FastifyReply } from 'fastify';
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

const failures = { 400: ErrorResponse, 401: ErrorResponse };

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const today = () => todayIn(app.config.timeZone);
  const currentMonth = () => monthOf(today());
  /** startDate..endDate of a report or ledger query, each side defaulting to this month's. */
  const rangeOrThisMonth = (query: { startDate?: string; endDate?: string }) =>
    resolveRange(['startDate', 'endDate'], query.startDate, query.endDate, currentMonth());
  const exists = async (table: 'clients' | 'employees', id: number, message: string) => {
    const row = await app.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(message);
  };

  app.get(
    '/totals',
    {
      schema: {
        tags: ['reports'],
        summary: 'Head-counts: admins, employees, clients',
        response: { 200: Totals, ...failures },
      },
    },
    () => reports.totals(app.db),
  );

  app.get(
    '/finance',
    {
      schema: {
        tags: ['reports'],
        summary: 'Income received, salary and expense paid in a range (default: this month)',
        querystring: FinanceQuery,
        response: { 200: Finance, ...failures },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await reports.finance(
          app.db,
          resolveRange(['from', 'to'], request.query.from, request.query.to, currentMonth()),
        ),
      ),
  );

  app.get(
    '/getClientsVsSales',
    {
      schema: {
        tags: ['reports'],
        summary: 'Per client: total billed (Debit), received (Credit) and pending',
        response: { 200: ClientsVsSales, ...failures },
      },
    },
    async (_request, reply) => sendJson(reply, await reports.clientsVsSales(app.db)),
  );

  app.get(
    '/getEmployeesVsSalary',
    {
      schema: {
        tags: ['reports'],
        summary: 'Salary paid per employee in a range (empty dates: all time)',
        querystring: DateRangeQuery,
        response: { 200: EmployeesVsSalary, ...failures },
      },
    },
    async (request, reply) =>
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

  app.get(
    '/getExpenseVsType',
    {
      schema: {
        tags: ['reports'],
        summary: 'Expense per expense type in a range (default: this month)',
        querystring: DateRangeQuery,
        response: { 200: ExpenseVsType, ...failures },
      },
    },
    async (request, reply) =>
      sendJson(reply, await reports.expenseVsType(app.db, rangeOrThisMonth(request.query))),
  );

  app.get(
    '/getIncomeReport',
    {
      schema: {
        tags: ['reports'],
        summary: 'Income received per day',
        response: { 200: IncomeReport, ...failures },
      },
    },
    async (_request, reply) => sendJson(reply, await reports.incomeReport(app.db)),
  );

  app.get(
    '/getClientLedger',
    {
      schema: {
        tags: ['ledgers'],
        summary: "A client's entries with running balance (default: this month)",
        querystring: ClientLedgerQuery,
        response: { 200: ClientLedger, 404: ErrorResponse, ...failures },
      },
    },
    async (request, reply) => {
      const range = rangeOrThisMonth(request.query);
      await exists('clients', request.query.clientId, apiMessages.clientNotFound);
      return sendJson(
        reply,
        await reports.clientLedger(app.db, request.query.clientId, range, pageOf(request.query)),
      );
    },
  );

  app.get(
    '/getEmployeeLedger',
    {
      schema: {
        tags: ['ledgers'],
        summary: "An employee's salary entries with running total (default: this month)",
        querystring: EmployeeLedgerQuery,
        response: { 200: EmployeeLedger, 404: ErrorResponse, ...failures },
      },
    },
    async (request, reply) => {
      const range = rangeOrThisMonth(request.query);
      await exists('employees', request.query.employeeId, apiMessages.employeeNotFound);
      return sendJson(
        reply,
        await reports.employeeLedger(
          app.db,
          request.query.employeeId,
          range,
          pageOf(request.query),
        ),
      );
    },
  );

  app.get(
    '/getExpenseLedger',
    {
      schema: {
        tags: ['ledgers'],
        summary: 'Every expense entry with running total (default: this month)',
        querystring: ExpenseLedgerQuery,
        response: { 200: ExpenseLedger, ...failures },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await reports.expenseLedger(app.db, rangeOrThisMonth(request.query), pageOf(request.query)),
      ),
  );

  app.get(
    '/yearly',
    {
      schema: {
        tags: ['reports'],
        summary: 'Income, salary, expense and profit/loss for each month of a year',
        querystring: YearlyQuery,
        response: { 200: Yearly, ...failures },
      },
    },
    async (request, reply) => sendJson(reply, await reports.yearly(app.db, request.query.year)),
  );
};
