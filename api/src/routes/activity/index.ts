// /api/activity (admins only): the audit log, newest first, filtered, paged by position; and the
// same rows as a CSV file, streamed a page at a time however many there are.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, CSV_BOM, csvLine, endpoints, personText, type ActivityRow } from 'contract';
import { allActivity, readActivity, type ActivityFilters } from '../../repositories/activity.js';
import { route } from '../route.js';
import { badRequest } from '../../lib/errors.js';
import { idCursor, parseIdCursor } from '../../lib/page-cursor.js';

const CSV_HEADER = ['When', 'Who', 'Action', 'Kind', 'Record', 'Changes', 'Address', 'Browser'];

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const csvRow = (row: ActivityRow) =>
  csvLine([
    row.at,
    row.actor ? personText(row.actor) : '',
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
  yield CSV_BOM + csvLine(CSV_HEADER);
  for await (const row of rows) yield csvRow(row);
}

export const activityRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listActivity, async (request) => {
    const { after, before: deprecatedBefore, limit = 50, ...filters } = request.query;
    // `before` (the id of the last row seen) is the deprecated form of `after`.
    if (after !== undefined && deprecatedBefore !== undefined)
      throw badRequest(apiMessages.afterOrBefore);
    const before = parseIdCursor('activity', after) ?? deprecatedBefore;
    const { rows, next } = await readActivity(app.db, filters, { before, limit });
    return { users: rows, next: next === null ? null : idCursor('activity', next) };
  });

  route(app, endpoints.activityCsv, (request) => {
    const filters: ActivityFilters = request.query;
    return csvFile(allActivity(app.db, filters));
  });
};
