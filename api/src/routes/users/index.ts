// /api/users: login and logout, and user management (admins only).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  apiMessages,
  ErrorResponse,
  IdParams,
  LoginBody,
  LoginResponse,
  MessageResponse,
  messages,
  RegisterUserBody,
  UpdateUserBody,
  UserList,
  UserMutation,
} from 'contract';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import { createSession, expireSessions, revokeSession } from '../../repositories/sessions.js';
import {
  createUser,
  deleteUser,
  findUserForLogin,
  listUsers,
  replacePasswordHash,
  updateUser,
} from '../../repositories/users.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { unauthorized, HttpError } from '../../lib/errors.js';
import { recordRefusedSignIn } from '../../lib/sign-in-events.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A hash to verify against when the e-mail is unknown, so that both failures take as long as
  // a wrong password for an account whose hash is current.
  const decoyHash = await hashPassword('decoy password for timing', app.config.argon2);

  app.post(
    '/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: app.config.login.perIpPerMinute,
          timeWindow: 60_000,
          // Runs before the body is read: the e-mail tried is not known yet.
          onExceeded: (request) => {
            recordRefusedSignIn(app.db, 'login_throttled', null).catch((error: unknown) =>
              request.log.error({ err: error }, 'could not record a throttled sign-in'),
            );
          },
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: LoginBody,
        response: {
          200: LoginResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      const { password } = request.body;
      if (!email || !password) throw new HttpError(400, messages.fillAllFields);
      try {
        await app.loginThrottle.admit(email, request.ip);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          await recordRefusedSignIn(app.db, 'login_throttled', email);
        throw error;
      }
      const user = await findUserForLogin(app.db, email);
      const ok = await verifyPassword(password, user?.password_hash ?? decoyHash);
      if (!user || !ok) {
        await app.loginThrottle.failed(email);
        await recordRefusedSignIn(app.db, 'login_failed', email);
        throw unauthorized(messages.invalidCredentials);
      }
      await app.loginThrottle.succeeded(email, request.ip);
      // The password is known only now: an older hash (scrypt, or another argon2id cost) is
      // replaced so that the next sign-in costs what the current setting says.
      if (needsRehash(user.password_hash, app.config.argon2)) {
        const upgraded = await hashPassword(password, app.config.argon2);
        await replacePasswordHash(app.db, user.id, user.password_hash, upgraded);
      }
      // Sign-ins are rare and the table is small: a good moment to drop dead sessions.
      await expireSessions(app.db, app.config.session);
      const token = await createSession(app.db, user, app.config.session);
      return { token, message: apiMessages.loggedIn };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign out: revokes the session token',
        response: { 200: MessageResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await revokeSession(app.db, currentUser(request));
      return { message: apiMessages.loggedOut };
    },
  );

  app.get(
    '/getUser',
    {
      schema: {
        tags: ['users'],
        summary: 'List users',
        response: { 200: UserList, 401: ErrorResponse },
      },
    },
    async () => ({ users: await listUsers(app.db) }),
  );

  app.post(
    '/register',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Add a user (admins only)',
        body: RegisterUserBody,
        response: { 201: UserMutation, ...errors },
      },
    },
    async (request, reply) => {
      const { name, email, password, role } = request.body;
      const user = await createUser(
        app.db,
        currentUser(request).id,
        { name, email, password, role: role ?? 'staff' },
        app.config,
      );
      return reply.status(201).send({ message: messages.userAdded, user });
    },
  );

  app.put(
    '/updateuser/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Change a user (admins only); the password only when given',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserMutation, ...errors },
      },
    },
    async (request) => {
      const { name, email, password, role } = request.body;
      const user = await updateUser(
        app.db,
        currentUser(request).id,
        request.params.id,
        { name, email, password: password || undefined, role },
        app.config,
      );
      return { message: messages.userUpdated, user };
    },
  );

  app.delete(
    '/deleteUser/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admins only)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteUser(app.db, currentUser(request).id, request.params.id);
      return { message: messages.userDeleted };
    },
  );
};
