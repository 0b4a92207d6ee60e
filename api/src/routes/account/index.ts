// /api/account: the signed-in user's own account (the shell's /Account screen): changing one's
// password, and setting up, turning on and turning off one's two-step sign-in. Beside it, the
// admins' side of two-step: who has it on, turning it off for a user who lost their phone, and
// the security setting that requires it of every admin.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import {
  changeOwnPassword,
  findUserForLogin,
  preferencesOf,
  savePreferences,
} from '../../repositories/users.js';
import {
  isTwoStepOn,
  listTwoStepUserIds,
  saveSecuritySettings,
  securitySettings,
  setUpTwoStep,
  turnOffTwoStep,
  turnOnTwoStep,
  twoStepStatus,
} from '../../repositories/two-step.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { route } from '../route.js';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Checks the caller's password, counted like a sign-in attempt (lib/login-throttle.ts), so a
   * session left open is no faster a way to guess it. Wrong: 400 with `wrong`, never 401, which
   * would sign the browser out.
   */
  async function confirmPassword(
    user: { email: string },
    password: string,
    ip: string,
    wrong: string,
  ): Promise<void> {
    await app.loginThrottle.admit(user.email, ip);
    const row = await findUserForLogin(app.db, user.email);
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      await app.loginThrottle.failed(user.email);
      throw badRequest(wrong);
    }
    await app.loginThrottle.succeeded(user.email, ip);
  }

  const requireKey = (): Buffer => {
    if (!app.twoStepKey) throw conflict(apiMessages.twoStepNoKey);
    return app.twoStepKey;
  };

  route(app, endpoints.changeOwnPassword, async (request) => {
    const user = currentUser(request);
    const { currentPassword, newPassword } = request.body;
    const problem = passwordProblem(newPassword, user);
    if (problem) throw badRequest(problem);
    await confirmPassword(user, currentPassword, request.ip, apiMessages.wrongCurrentPassword);
    await changeOwnPassword(app.db, user, await hashPassword(newPassword, app.config.argon2));
    return { message: apiMessages.passwordChanged };
  });

  // One's own preferences: every role, a viewer too (they change nothing but the caller's screens).
  route(app, endpoints.getPreferences, (request) => preferencesOf(app.db, currentUser(request).id));

  route(app, endpoints.savePreferences, (request) =>
    savePreferences(app.db, currentUser(request).id, request.body),
  );

  route(app, endpoints.getTwoStep, (request) => twoStepStatus(app.db, currentUser(request)));

  route(app, endpoints.setUpTwoStep, (request) =>
    setUpTwoStep(app.db, requireKey(), currentUser(request)),
  );

  route(app, endpoints.turnOnTwoStep, async (request) => {
    const recoveryCodes = await turnOnTwoStep(
      app.db,
      requireKey(),
      currentUser(request),
      request.body.code.trim(),
    );
    return { message: apiMessages.twoStepTurnedOn, recoveryCodes };
  });

  route(app, endpoints.turnOffTwoStep, async (request) => {
    const user = currentUser(request);
    if (user.role === 'admin' && (await securitySettings(app.db)).requireTwoStepForAdmins)
      throw conflict(apiMessages.twoStepRequiredForAdmins);
    await confirmPassword(user, request.body.password, request.ip, apiMessages.wrongPassword);
    await turnOffTwoStep(app.db, user.id, user.id);
    return { message: apiMessages.twoStepTurnedOff };
  });

  route(app, endpoints.listTwoStepUsers, async () => ({
    userIds: await listTwoStepUserIds(app.db),
  }));

  route(app, endpoints.turnOffUserTwoStep, async (request) => {
    await turnOffTwoStep(app.db, currentUser(request).id, request.params.id);
    return { message: apiMessages.twoStepTurnedOff };
  });

  route(app, endpoints.getSecuritySettings, () => securitySettings(app.db));

  route(app, endpoints.saveSecuritySettings, async (request) => {
    const admin = currentUser(request);
    // Requiring it of every admin while having none would leave the asker able to do nothing
    // but set it up; they are asked to do that first.
    if (request.body.requireTwoStepForAdmins && !(await isTwoStepOn(app.db, admin.id)))
      throw conflict(apiMessages.twoStepOwnFirst);
    return saveSecuritySettings(app.db, admin.id, request.body);
  });
};
