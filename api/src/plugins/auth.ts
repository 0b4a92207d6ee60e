// Every /api route needs a live bearer session unless its route config says `public: true`.
// The signed-in user is on `request.user`; `requireAdmin` guards user management and
// `requireWriter` every write (a read-only user gets 403).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages, canWrite, endpoints, type Endpoint } from 'contract';
import { findSessionUser, type SessionPolicy, type SessionUser } from '../repositories/sessions.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { Db } from '../db/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

export interface AuthOptions {
  db: Db;
  session: SessionPolicy;
}

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** Every route under /api needs a session, except public ones and the API's own documentation. */
export const isProtected = (route: string, config?: { public?: boolean }): boolean =>
  (route === '/api' || route.startsWith('/api/')) &&
  !config?.public &&
  // The documentation describes the calls and holds no data.
  route !== '/api/docs' &&
  !route.startsWith('/api/docs/');

export const authPlugin = fp<AuthOptions>(
  async (app, { db, session }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Decided on the route the router matched, never on the URL as sent: the router decodes
      // the path, so `/%61pi/...` reaches the same handler as `/api/...`.
      const route = request.routeOptions.url;
      if (!route || !isProtected(route, request.routeOptions.config)) return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(apiMessages.unauthorized);
      const user = await findSessionUser(db, token, session);
      if (!user) throw unauthorized(apiMessages.sessionExpired);
      request.user = user;
      if (user.twoStepSetupRequired && !allowedBeforeTwoStep(request.routeOptions.config)) {
        throw forbidden(apiMessages.twoStepSetupRequired);
      }
    });
  },
  { name: 'auth' },
);

/** The calls that only see or set up the caller's own account, and signing out. */
const OWN_SESSION_CALLS = new Set<string>(['logout', 'getCurrentUser']);

/**
 * What an admin may do while the admins' setting requires two-step sign-in and they have not
 * set it up: their own account's calls (the /Account screen), who they are, and signing out.
 */
function allowedBeforeTwoStep(config?: { operationId?: string }): boolean {
  const name = config?.operationId;
  if (!name) return false;
  const endpoint = (endpoints as Record<string, Endpoint>)[name];
  return OWN_SESSION_CALLS.has(name) || endpoint?.ownAccount === true;
}

/** The signed-in user; routes behind the auth hook always have one. */
export const currentUser = (request: FastifyRequest): SessionUser => {
  if (!request.user) throw unauthorized(apiMessages.unauthorized);
  return request.user;
};

/** A preHandler that lets admins through and answers 403 with `message` to anyone else. */
export const requireAdminFor =
  (message: string) => async (request: FastifyRequest, _reply: FastifyReply) => {
    if (currentUser(request).role !== 'admin') throw forbidden(message);
  };

export const requireAdmin = requireAdminFor(apiMessages.adminsOnly);

/** A preHandler that lets admins and viewers (an outside accountant) through, not staff. */
export const requireAuditorFor =
  (message: string) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const { role } = currentUser(request);
    if (role !== 'admin' && role !== 'viewer') throw forbidden(message);
  };

/**
 * A preHandler that answers 403 to a read-only user (role viewer). The role is read with the
 * session on every request, so a user demoted to viewer is refused from their next call on.
 */
export const requireWriter = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!canWrite(currentUser(request).role)) throw forbidden(apiMessages.readOnly);
};
