// /api/sessions: who this session belongs to (anyone), ending one's own other sessions (anyone),
// and the open sessions of every user, which an admin can end one at a time or per user.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { endSession, endUserSessions, listOpenSessions } from '../../repositories/sessions.js';
import { route } from '../route.js';

export const sessionsRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getCurrentUser, (request) => {
    const { id, name, email, role, twoStepSetupRequired } = currentUser(request);
    return {
      user: { id, name, email, role },
      ...(twoStepSetupRequired ? { twoStepSetupRequired: true as const } : {}),
    };
  });

  route(app, endpoints.endOtherSessions, async (request) => {
    const user = currentUser(request);
    const ended = await endUserSessions(app.db, user.id, user.id, user.sessionId);
    return { message: apiMessages.otherSessionsEnded, ended };
  });

  route(app, endpoints.listSessions, async (request) => ({
    users: await listOpenSessions(
      app.db,
      app.config.session,
      currentUser(request).sessionId,
      request.query.userId,
    ),
  }));

  route(app, endpoints.endSession, async (request) => {
    await endSession(app.db, currentUser(request).id, request.params.id);
    return { message: apiMessages.sessionEnded };
  });

  route(app, endpoints.endUserSessions, async (request) => {
    const ended = await endUserSessions(app.db, currentUser(request).id, request.params.id);
    return { message: apiMessages.sessionsEnded, ended };
  });
};
