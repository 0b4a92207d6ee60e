// /api/sessions: who this session belongs to (anyone), ending one's own other sessions (anyone),
// and the open sessions of every user, which an admin can end one at a time or per user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  apiMessages,
  CurrentUser,
  ErrorResponse,
  IdParams,
  MessageResponse,
  SessionList,
  SessionsEnded,
  SessionsQuery,
} from 'contract';
import { currentUser, requireAdminFor } from '../../plugins/auth.js';
import { endSession, endUserSessions, listOpenSessions } from '../../repositories/sessions.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminsOnly = requireAdminFor(apiMessages.activityAdminsOnly);

  app.get(
    '/current',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The signed-in user of this session',
        response: { 200: CurrentUser, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { id, name, email, role } = currentUser(request);
      return { user: { id, name, email, role } };
    },
  );

  app.delete(
    '/others',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out everywhere else: ends every session of the caller but this one',
        response: { 200: SessionsEnded, 401: ErrorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ended = await endUserSessions(app.db, user.id, user.id, user.sessionId);
      return { message: apiMessages.otherSessionsEnded, ended };
    },
  );

  app.get(
    '/',
    {
      preHandler: adminsOnly,
      schema: {
        tags: ['sessions'],
        summary: "Every open session, or one user's (admins only)",
        querystring: SessionsQuery,
        response: { 200: SessionList, ...errors },
      },
    },
    async (request) => ({
      users: await listOpenSessions(
        app.db,
        app.config.session,
        currentUser(request).sessionId,
        request.query.userId,
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: adminsOnly,
      schema: {
        tags: ['sessions'],
        summary: 'End one session (admins only); its next call answers 401',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await endSession(app.db, currentUser(request).id, request.params.id);
      return { message: apiMessages.sessionEnded };
    },
  );

  app.delete(
    '/user/:id',
    {
      preHandler: adminsOnly,
      schema: {
        tags: ['sessions'],
        summary: 'End every session of a user (admins only)',
        params: IdParams,
        response: { 200: SessionsEnded, ...errors },
      },
    },
    async (request) => {
      const ended = await endUserSessions(app.db, currentUser(request).id, request.params.id);
      return { message: apiMessages.sessionsEnded, ended };
    },
  );
};
