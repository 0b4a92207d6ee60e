// The calls of users, of one's own account (password, two-step sign-in) and of the security
// settings (tags users, account, settings).
import { IdParams, MessageResponse } from './common.js';
import {
  ChangePasswordBody,
  LoginAnswer,
  LoginCodeBody,
  SecuritySettings,
  TwoStepCodeBody,
  TwoStepDisableBody,
  TwoStepEnabled,
  TwoStepSetup,
  TwoStepStatus,
  TwoStepUsers,
} from './two-step.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages } from './messages.js';
import {
  LoginBody,
  LoginResponse,
  RegisterUserBody,
  UpdateUserBody,
  UserList,
  UserMutation,
} from './users.js';
import { userRoutes, ownAccountRoutes, securityRoutes } from './user-routes.js';

export const userEndpoints = {
  login: endpoint({
    ...userRoutes.login,
    tag: 'users',
    summary: 'Sign in with e-mail and password',
    description:
      'A user with two-step sign-in on gets no token for the password alone: the answer holds ' +
      '`twoStep.challenge`, to send with the code to /users/login/code.',
    body: LoginBody,
    responses: { 200: LoginAnswer },
    errors: [401, 429],
  }),
  loginCode: endpoint({
    ...userRoutes.loginCode,
    tag: 'users',
    summary: 'Second step of a sign-in: the code from the authenticator app, or a recovery code',
    description:
      'Each code signs in once: a code whose time step was already used, or a used recovery ' +
      'code, is refused. Throttled like passwords.',
    body: LoginCodeBody,
    responses: { 200: LoginResponse },
    errors: [401, 429],
  }),
  logout: endpoint({
    ...userRoutes.logout,
    tag: 'users',
    summary: 'Sign out: revokes the session token',
    responses: { 200: MessageResponse },
    errors: [],
  }),
  listUsers: endpoint({
    ...userRoutes.listUsers,
    tag: 'users',
    summary: 'List users',
    responses: { 200: UserList },
    errors: [],
  }),
  registerUser: endpoint({
    ...userRoutes.registerUser,
    tag: 'users',
    summary: 'Add a user (admins only)',
    body: RegisterUserBody,
    responses: { 201: UserMutation },
    errors: [404, 409],
  }),
  updateUser: endpoint({
    ...userRoutes.updateUser,
    tag: 'users',
    summary: 'Change a user (admins only); the password only when given',
    params: IdParams,
    body: UpdateUserBody,
    responses: { 200: UserMutation },
    errors: [404, 409],
  }),
  deleteUser: endpoint({
    ...userRoutes.deleteUser,
    tag: 'users',
    summary: 'Delete a user (admins only)',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
  listTwoStepUsers: endpoint({
    ...userRoutes.listTwoStepUsers,
    tag: 'users',
    summary: 'The users who have two-step sign-in on (admins only)',
    responses: { 200: TwoStepUsers },
    errors: [],
  }),
  turnOffUserTwoStep: endpoint({
    ...userRoutes.turnOffUserTwoStep,
    tag: 'users',
    summary: "Turn off a user's two-step sign-in, e.g. after a lost phone (admins only)",
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404],
  }),
};

export const ownAccountEndpoints = {
  changeOwnPassword: endpoint({
    ...ownAccountRoutes.changeOwnPassword,
    tag: 'account',
    summary: "Change one's own password (the current one required); other sessions end",
    body: ChangePasswordBody,
    responses: { 200: MessageResponse },
    errors: [429],
  }),
  getTwoStep: endpoint({
    ...ownAccountRoutes.getTwoStep,
    tag: 'account',
    summary: "Whether one's own two-step sign-in is on, and how many recovery codes are left",
    responses: { 200: TwoStepStatus },
    errors: [],
  }),
  setUpTwoStep: endpoint({
    ...ownAccountRoutes.setUpTwoStep,
    tag: 'account',
    summary: 'A new secret for an authenticator app; not in force until turned on with a code',
    responses: { 200: TwoStepSetup },
    errors: [409],
  }),
  turnOnTwoStep: endpoint({
    ...ownAccountRoutes.turnOnTwoStep,
    tag: 'account',
    summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
    body: TwoStepCodeBody,
    responses: { 200: TwoStepEnabled },
    errors: [409],
  }),
  turnOffTwoStep: endpoint({
    ...ownAccountRoutes.turnOffTwoStep,
    tag: 'account',
    summary: "Turn one's own two-step sign-in off (the password required)",
    body: TwoStepDisableBody,
    responses: { 200: MessageResponse },
    errors: [409, 429],
  }),
};

export const securityEndpoints = {
  getSecuritySettings: endpoint({
    ...securityRoutes.getSecuritySettings,
    tag: 'settings',
    summary: 'Security settings: whether every admin must use two-step sign-in',
    responses: { 200: SecuritySettings },
    errors: [],
  }),
  saveSecuritySettings: endpoint({
    ...securityRoutes.saveSecuritySettings,
    tag: 'settings',
    summary: 'Change the security settings (admins only)',
    adminsOnly: apiMessages.adminsOnlySecurity,
    body: SecuritySettings,
    responses: { 200: SecuritySettings },
    errors: [409],
  }),
};
