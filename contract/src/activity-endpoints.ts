// The calls of the activity log and of sessions (tags activity, sessions).
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
import { apiMessages } from './messages.js';
import { activityRoutes, sessionRoutes } from './activity-routes.js';

export const activityEndpoints = {
  listActivity: endpoint({
    ...activityRoutes.listActivity,
    tag: 'activity',
    summary: 'The audit log, newest first (admins and viewers); pass `next` as `after` to page on',
    adminsOnly: apiMessages.activityReadersOnly,
    query: ActivityQuery,
    responses: { 200: ActivityPage },
    errors: [],
  }),
  activityCsv: endpoint({
    ...activityRoutes.activityCsv,
    tag: 'activity',
    summary: 'Every row that matches the filters, as CSV (admins and viewers)',
    adminsOnly: apiMessages.activityReadersOnly,
    query: ActivityCsvQuery,
    responses: { 200: CsvText },
    errors: [],
  }),
};

export const sessionEndpoints = {
  getCurrentUser: endpoint({
    ...sessionRoutes.getCurrentUser,
    tag: 'sessions',
    summary: 'The signed-in user of this session',
    responses: { 200: CurrentUser },
    errors: [],
  }),
  endOtherSessions: endpoint({
    ...sessionRoutes.endOtherSessions,
    tag: 'sessions',
    summary: 'Sign out everywhere else: ends every session of the caller but this one',
    responses: { 200: SessionsEnded },
    errors: [],
  }),
  listSessions: endpoint({
    ...sessionRoutes.listSessions,
    tag: 'sessions',
    summary: "Every open session, or one user's (admins only)",
    adminsOnly: apiMessages.activityAdminsOnly,
    query: SessionsQuery,
    responses: { 200: SessionList },
    errors: [],
  }),
  endSession: endpoint({
    ...sessionRoutes.endSession,
    tag: 'sessions',
    summary: 'End one session (admins only); its next call answers 401',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404],
  }),
  endUserSessions: endpoint({
    ...sessionRoutes.endUserSessions,
    tag: 'sessions',
    summary: 'End every session of a user (admins only)',
    adminsOnly: apiMessages.activityAdminsOnly,
    params: IdParams,
    responses: { 200: SessionsEnded },
    errors: [404],
  }),
};
