// /api/activity (admins only): the audit log, newest first, filtered, paged by position; and the
// same rows as a CSV file, streamed a page at a time however many there are.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ActivityPage,
  ActivityQuery,
  apiMessages,
  csvCell,
  ErrorResponse,
  type ActivityRow,
} from 'contract';
import { requireAdminFor } from '../../plugins/auth.js';
import { allActivity, readActivity, type ActivityFilters } from '../../repositories/activity.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

const CSV_HEADER = ['When', 'Who', 'Action', 'Kind', 'Record', 'Changes', 'Address', 'Browser'];

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const csvLine = (cells: string[]) => cells.map(csvCell).join(',') + '\r\n';

const csvRow = (row: ActivityRow) =>
  csvLine([
    row.at,
    row.actor ? `${row.actor.name} <${row.actor.email}>` : '',
    row.action,
    row.kind,
    row.recordId ?? '',
    row.changes
      .map((change) => `${change.field}: ${text(change.before)} -> ${text(change.after)}`)
      .join('; '),
    row.address,
    row.browser,
  ]);

async function* csvFile(rows: AsyncIterable<ActivityRow>): AsyncGenerator<string> {
  // The byte-order mark makes spreadsheets read the file as UTF-8.
  yield '\uFEFF' + csvLine(CSV_HEADER);
  for await (const row of rows) yield csvRow(row);
}

export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminsOnly = requireAdminFor(apiMessages.activityAdminsOnly);

  app.get(
    '/',
    {
      preHandler: adminsOnly,
      schema: {
        tags: ['activity'],
        summary: 'The audit log, newest first (admins only); pass `next` as `before` to page on',
        querystring: ActivityQuery,
        response: { 200: ActivityPage, ...errors },
      },
    },
    async (request) => {
      const { before, limit = 50, ...filters } = request.query;
      const { rows, next } = await readActivity(app.db, filters, { before, limit });
      return { users: rows, next };
    },
  );

  app.get(
    '/csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags: ['activity'],
        summary: 'Every row that matches the filters, as CSV (admins only)',
        querystring: Type.Omit(ActivityQuery, ['before', 'limit']),
        // 200 is a text/csv stream, so it has no JSON schema.
        response: errors,
      },
    },
    async (request, reply) => {
      const filters: ActivityFilters = request.query;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"');
      // A stream has no schema to be checked against; Fastify pipes it as it comes.
      return reply.send(Readable.from(csvFile(allActivity(app.db, filters))) as never);
    },
  );
};
