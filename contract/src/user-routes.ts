// The browser's half of the calls of user-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const userRoutes = {
  login: route({
    method: 'POST',
    path: '/users/login',
    changes: [],
    access: 'public',
    texts: texts(messages.invalidCredentials, messages.somethingWentWrong),
  }),
  loginCode: route({
    method: 'POST',
    path: '/users/login/code',
    changes: [],
    access: 'public',
    texts: texts(messages.invalidCredentials, messages.failedVerifyCode),
  }),
  logout: route({
    method: 'POST',
    path: '/users/logout',
    changes: [],
    access: 'signedIn',
    ownAccount: true,
    // Never shown: signing out locally goes ahead whatever the server says.
    texts: texts('Logout failed'),
  }),
  listUsers: route({
    method: 'GET',
    path: '/users/getUser',
    reads: ['users'],
    access: 'signedIn',
    texts: texts(messages.failedFetchUsers, messages.errorFetchingUsers),
  }),
  registerUser: route({
    method: 'POST',
    path: '/users/register',
    changes: ['users', 'activity'],
    access: 'admin',
    texts: texts(messages.failedAddUser, messages.errorAddingUser),
  }),
  updateUser: route({
    method: 'PUT',
    path: '/users/updateuser/:id',
    changes: ['users', 'activity'],
    access: 'admin',
    texts: texts(messages.failedUpdateUser, messages.errorUpdatingUser),
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/users/deleteUser/:id',
    changes: ['users', 'activity'],
    access: 'admin',
    texts: texts(messages.failedDeleteUser, messages.errorDeletingUser),
  }),
  listTwoStepUsers: route({
    method: 'GET',
    path: '/users/two-step',
    reads: ['users', 'two-step'],
    access: 'admin',
    texts: texts(messages.failedFetchUsers, messages.errorFetchingUsers),
  }),
  turnOffUserTwoStep: route({
    method: 'DELETE',
    path: '/users/two-step/:id',
    changes: ['two-step', 'activity'],
    access: 'admin',
    texts: texts(messages.failedTurnOffTwoStep, messages.errorTurningOffTwoStep),
  }),
};

export const ownAccountRoutes = {
  changeOwnPassword: route({
    method: 'PUT',
    path: '/account/password',
    changes: ['sessions', 'activity'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedChangePassword, messages.errorChangingPassword),
  }),
  getTwoStep: route({
    method: 'GET',
    path: '/account/two-step',
    reads: ['two-step'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedLoadTwoStep, messages.errorLoadingTwoStep),
  }),
  setUpTwoStep: route({
    method: 'POST',
    path: '/account/two-step/setup',
    changes: ['two-step'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedSetUpTwoStep, messages.errorSettingUpTwoStep),
  }),
  turnOnTwoStep: route({
    method: 'POST',
    path: '/account/two-step/enable',
    changes: ['two-step', 'activity'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedTurnOnTwoStep, messages.errorTurningOnTwoStep),
  }),
  turnOffTwoStep: route({
    method: 'POST',
    path: '/account/two-step/disable',
    changes: ['two-step', 'activity'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedTurnOffTwoStep, messages.errorTurningOffTwoStep),
  }),
};

export const securityRoutes = {
  getSecuritySettings: route({
    method: 'GET',
    path: '/settings/security',
    reads: ['settings'],
    access: 'signedIn',
    texts: texts(messages.failedLoadSecurity, messages.errorLoadingSecurity),
  }),
  saveSecuritySettings: route({
    method: 'PUT',
    path: '/settings/security',
    changes: ['settings', 'activity'],
    answersRead: 'getSecuritySettings',
    access: 'admin',
    texts: texts(messages.failedSaveSecurity, messages.errorSavingSecurity),
  }),
};
