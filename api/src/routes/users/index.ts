// /api/users: login and logout, and user management (admins only).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiMessages, endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import {
  createSession,
  expireSessions,
  openSession,
  revokeSession,
} from '../../repositories/sessions.js';
import {
  createUser,
  deleteUser,
  findUserForLogin,
  listUsers,
  replacePasswordHash,
  updateUser,
} from '../../repositories/users.js';
import { hashPassword, matchPassword, needsRehash } from '../../lib/password.js';
import { unauthorized, HttpError } from '../../lib/errors.js';
import {
  challengeUser,
  createChallenge,
  endChallenge,
  isTwoStepOn,
  spendCode,
} from '../../repositories/two-step.js';
import { recordRefusedSignIn } from '../../lib/sign-in-events.js';
import { route } from '../route.js';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  // A hash to verify against when the e-mail is unknown, so that both failures take as long as
  // a wrong password for an account whose hash is current.
  const decoyHash = await hashPassword('decoy password for timing', app.config.argon2);

  /** Sign-in calls (the password, the code) from one address per minute. */
  const signInRateLimit = {
    max: app.config.login.perIpPerMinute,
    timeWindow: 60_000,
    // Runs before the body is read: the e-mail tried is not known yet.
    onExceeded: (request: FastifyRequest) => {
      recordRefusedSignIn(app.db, 'login_throttled', null).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not record a throttled sign-in'),
      );
    },
  };

  route(
    app,
    endpoints.login,
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
      const match = await matchPassword(password, user?.password_hash ?? decoyHash);
      if (!user || !match) {
        await app.loginThrottle.failed(email);
        await recordRefusedSignIn(app.db, 'login_failed', email);
        throw unauthorized(messages.invalidCredentials);
      }
      await app.loginThrottle.succeeded(email, request.ip);
      // The password is known only now: an older hash (scrypt, another argon2id cost, or one made
      // of the password's NFC form) is replaced so that the next sign-in costs what the current
      // setting says and verifies at the first try.
      if (match === 'legacy' || needsRehash(user.password_hash, app.config.argon2)) {
        const upgraded = await hashPassword(password, app.config.argon2);
        await replacePasswordHash(app.db, user.id, user.password_hash, upgraded);
      }
      // With two-step sign-in on, the password opens only the code step (loginCode below).
      if (await isTwoStepOn(app.db, user.id)) {
        const challenge = await createChallenge(app.db, user.id);
        return { message: messages.codeRequired, twoStep: { challenge } };
      }
      // Sign-ins are rare and the table is small: a good moment to drop dead sessions.
      await expireSessions(app.db, app.config.session);
      const token = await createSession(app.db, user, app.config.session);
      return { token, message: apiMessages.loggedIn };
    },
    { config: { rateLimit: signInRateLimit } },
  );

  // The code step: the challenge names the user whose password was right. Codes are throttled
  // like passwords, per user (lib/login-throttle.ts): a stranger can slow them, never lock out.
  route(
    app,
    endpoints.loginCode,
    async (request) => {
      const { challenge, code } = request.body;
      const user = await challengeUser(app.db, challenge);
      if (!user) throw unauthorized(messages.challengeExpired);
      const who = String(user.id);
      try {
        await app.twoStepThrottle.admit(who, request.ip);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          await recordRefusedSignIn(app.db, 'login_throttled', user.email);
        throw error;
      }
      await expireSessions(app.db, app.config.session);
      // The code is spent, the challenge ended and the session opened together: of two
      // requests racing with one code or one challenge, one signs in and the other changes nothing.
      const signedIn = await app.db.transaction().execute(async (tx) => {
        const spent = await spendCode(tx, app.twoStepKey, user.id, code.trim());
        if (spent === 'invalid' || spent === 'reused') return spent;
        if (!(await endChallenge(tx, challenge))) throw unauthorized(messages.challengeExpired);
        return { token: await openSession(tx, user, app.config.session) };
      });
      if (typeof signedIn === 'string') {
        await app.twoStepThrottle.failed(who);
        await recordRefusedSignIn(app.db, 'two_step_failed', user.email);
        throw unauthorized(
          signedIn === 'reused' ? apiMessages.codeAlreadyUsed : apiMessages.invalidCode,
        );
      }
      await app.twoStepThrottle.succeeded(who, request.ip);
      const { token } = signedIn;
      return { token, message: apiMessages.loggedIn };
    },
    { config: { rateLimit: signInRateLimit } },
  );

  route(app, endpoints.logout, async (request) => {
    await revokeSession(app.db, currentUser(request));
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
