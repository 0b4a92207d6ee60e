// The browser's half of the calls of line-split.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { accountMessages as m } from './account-messages.js';
import { texts } from './endpoint-texts.js';
import { defineRoute as route } from './endpoint.js';

export const lineSplitRoutes = {
  matchLines: route({
    method: 'POST',
    path: '/accounts/:id/matches/lines',
    access: 'signedIn',
    changes: ['bank-lines', 'activity'],
    texts: texts(m.failedMatch, m.errorMatching),
  }),
};
