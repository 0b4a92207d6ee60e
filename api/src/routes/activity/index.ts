// /api/activity (admins only): the audit log, newest first, filtered, paged by position; and the
// same rows as a CSV file (exports/activity-csv.ts).
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { activityCsv } from '../../exports/activity-csv.js';
import { readActivity, type ActivityFilters } from '../../repositories/activity.js';
import { route } from '../route.js';
import { badRequest } from '../../lib/errors.js';
import { idCursor, parseIdCursor } from '../../lib/page-cursor.js';

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
    return activityCsv(app.db, filters);
  });
};
