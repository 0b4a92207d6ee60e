// The browser's half of the calls of releases.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const releaseRoutes = {
  reportRemoteHealth: route({
    method: 'POST',
    path: '/remote-health',
    changes: ['releases'],
    access: 'signedIn',
    texts: { failure: messages.somethingWentWrong, error: messages.somethingWentWrong },
  }),
  listReleases: route({
    method: 'GET',
    path: '/releases',
    reads: ['releases'],
    access: 'admin',
    texts: { failure: messages.failedLoadReleases, error: messages.errorLoadingReleases },
  }),
  promoteRelease: route({
    method: 'POST',
    path: '/releases/:remote/promote',
    changes: ['releases', 'activity'],
    access: 'admin',
    texts: { failure: messages.failedPromoteRelease, error: messages.errorPromotingRelease },
  }),
  rollBackRelease: route({
    method: 'POST',
    path: '/releases/:remote/rollback',
    changes: ['releases', 'activity'],
    access: 'admin',
    texts: { failure: messages.failedRollBackRelease, error: messages.errorRollingBackRelease },
  }),
};
