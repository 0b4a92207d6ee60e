// /api/payroll: a month's payroll sheet and posting a payroll run
// (docs/decisions/017-payroll-recurring.md).
import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import { payrollSheet, postPayroll } from '../../repositories/payroll.js';
import { route } from '../route.js';

export const payrollRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getPayroll, async (request) => {
    const today = todayIn(app.config.timeZone);
    return payrollSheet(app.db, request.query.month || today.slice(0, 7), today);
  });

  route(app, endpoints.postPayroll, async (request, reply) => {
    const posted = await postPayroll(
      app.db,
      currentUser(request).id,
      request.body,
      todayIn(app.config.timeZone),
    );
    return reply.status(posted.posted > 0 ? 201 : 200).send(posted);
  });
};
