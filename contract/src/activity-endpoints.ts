// The calls of the activity log and of sessions (tags activity, sessions).
import { texts } from './endpoint-texts.js';
import {
  ActivityCsvQuery,
  ActivityPage,
  ActivityQuery,
  CurrentUser,
  SessionList,
  SessionsEnded,
  SessionsQuery,
} from './activity.js';
import { CsvText, IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages, messages } from './messages.js';

export const activityEndpoints = {
  listActivity: endpoint({
    method: 'GET',
    path: '/activity',
    tag: 'activity',
    summary: 'The audit log, newest first (admins and viewers); pass `next` as `after` to page on',
    access: 'audit',
    adminsOnly: apiMessages.activityReadersOnly,
    query: ActivityQuery,
    responses: { 200: ActivityPage },
    errors: [],
    texts: texts(messages.failedFetchActivity, messages.errorFetchingActivity),
  }),
  activityCsv: endpoint({
    method: 'GET',
    path: '/activity/csv',
    tag: 'activity',
    summary: 'Every row that matches the filters, as CSV (admins and viewers)',
    access: 'audit',
    adminsOnly: apiMessages.activityReadersOnly,
    query: ActivityCsvQuery,
    responses: { 200: CsvText },
    file: { mediaType: 'text/csv', fileName: 'activity.csv' },
    errors: [],
    texts: texts(messages.failedDownload, messages.errorDownloading),
  }),
};

export const sessionEndpoints = {
  getCurrentUser: endpoint({
    method: 'GET',
    path: '/sessions/current',
    tag: 'sessions',
    summary: 'The signed-in user of this session',
    access: 'signedIn',
    responses: { 200: CurrentUser },
    errors: [],
    // Never shown: the sidebar only leaves the admin links out when it cannot tell.
    texts: texts(messages.somethingWentWrong),
  }),
  endOtherSessions: endpoint({
    method: 'DELETE',
    path: '/sessions/others',
    tag: 'sessions',
    summary: 'Sign out everywhere else: ends every session of the caller but this one',
    access: 'signedIn',
    ownAccount: true,
    responses: { 200: SessionsEnded },
    errors: [],
    texts: texts(messages.failedSignOutEverywhereElse, messages.errorSignOutEverywhereElse),
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/sessions',
    tag: 'sessions',
    summary: "Every open session, or one user's (admins only)",
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    query: SessionsQuery,
    responses: { 200: SessionList },
    errors: [],
    texts: texts(messages.failedFetchSessions, messages.errorFetchingSessions),
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/sessions/:id',
    tag: 'sessions',
    summary: 'End one session (admins only); its next call answers 401',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404],
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
  endUserSessions: endpoint({
    method: 'DELETE',
    path: '/sessions/user/:id',
    tag: 'sessions',
    summary: 'End every session of a user (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: SessionsEnded },
    errors: [404],
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
};
