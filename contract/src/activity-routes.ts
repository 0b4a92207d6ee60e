// The browser's half of the calls of activity-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const activityRoutes = {
  listActivity: route({
    method: 'GET',
    path: '/activity',
    reads: ['activity'],
    access: 'audit',
    texts: texts(messages.failedFetchActivity, messages.errorFetchingActivity),
  }),
  activityCsv: route({
    method: 'GET',
    path: '/activity/csv',
    reads: ['activity'],
    access: 'audit',
    file: { mediaType: 'text/csv', fileName: 'activity.csv' },
    texts: texts(messages.failedDownload, messages.errorDownloading),
  }),
};

export const sessionRoutes = {
  getCurrentUser: route({
    method: 'GET',
    path: '/sessions/current',
    reads: ['users', 'two-step', 'settings'],
    access: 'signedIn',
    // Never shown: the sidebar only leaves the admin links out when it cannot tell.
    texts: texts(messages.somethingWentWrong),
  }),
  endOtherSessions: route({
    method: 'DELETE',
    path: '/sessions/others',
    changes: ['sessions', 'activity'],
    access: 'signedIn',
    ownAccount: true,
    texts: texts(messages.failedSignOutEverywhereElse, messages.errorSignOutEverywhereElse),
  }),
  listSessions: route({
    method: 'GET',
    path: '/sessions',
    reads: ['sessions'],
    access: 'admin',
    texts: texts(messages.failedFetchSessions, messages.errorFetchingSessions),
  }),
  endSession: route({
    method: 'DELETE',
    path: '/sessions/:id',
    changes: ['sessions', 'activity'],
    access: 'admin',
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
  endUserSessions: route({
    method: 'DELETE',
    path: '/sessions/user/:id',
    changes: ['sessions', 'activity'],
    access: 'admin',
    texts: texts(messages.failedEndSession, messages.errorEndingSession),
  }),
};
