// /api/users: login and logout, and user management (admins only).
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { createSession, purgeExpiredSessions, revokeSession } from '../../repositories/sessions.js';
import {
  createUser,
  deleteUser,
  findUserForLogin,
  listUsers,
  updateUser,
} from '../../repositories/users.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { unauthorized, HttpError } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { route } from '../route.js';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  // A hash to verify against when the e-mail is unknown, so that both failures take as long.
  const decoyHash = await hashPassword('decoy password for timing', app.config.scrypt);

  route(
    app,
    endpoints.login,
    async (request) => {
      const email = request.body.email.trim();
      const { password } = request.body;
      if (!email || !password) throw new HttpError(400, messages.fillAllFields);
      if (app.loginThrottle.isBlocked(email)) throw new HttpError(429, apiMessages.tooManyAttempts);
      const user = await findUserForLogin(app.db, email);
      const ok = await verifyPassword(password, user?.password_hash ?? decoyHash);
      if (!user || !ok) {
        app.loginThrottle.recordFailure(email);
        throw unauthorized(messages.invalidCredentials);
      }
      app.loginThrottle.reset(email);
      // Sign-ins are rare and the table is small: a good moment to drop dead sessions.
      await purgeExpiredSessions(app.db, app.config.session);
      const token = await createSession(app.db, user.id, app.config.session);
      return { token, message: apiMessages.loggedIn };
    },
    { config: { rateLimit: { max: app.config.login.perIpPerMinute, timeWindow: 60_000 } } },
  );

  route(app, endpoints.logout, async (request) => {
    const user = currentUser(request);
    await revokeSession(app.db, user.tokenHash);
    await audit(app.db, {
      actorId: user.id,
      action: 'logout',
      entity: 'session',
      entityId: null,
    });
    return { message: apiMessages.loggedOut };
  });

  route(app, endpoints.listUsers, async () => ({ users: await listUsers(app.db) }));

  route(app, endpoints.registerUser, async (request) => {
    const { name, email, password, role } = request.body;
    const user = await createUser(
      app.db,
      currentUser(request).id,
      { name, email, password, role: role ?? 'staff' },
      app.config,
    );
    return { message: messages.userAdded, user };
  });

  route(app, endpoints.updateUser, async (request) => {
    const { name, email, password, role } = request.body;
    const user = await updateUser(
      app.db,
      currentUser(request).id,
      request.params.id,
      { name, email, password: password || undefined, role },
      app.config,
    );
    return { message: messages.userUpdated, user };
  });

  route(app, endpoints.deleteUser, async (request) => {
    await deleteUser(app.db, currentUser(request).id, request.params.id);
    return { message: messages.userDeleted };
  });
};
