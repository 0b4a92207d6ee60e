// The browser's half of the calls of setup.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { defineRoute as route } from './endpoint.js';

export const setupMessages = {
  failedLoadSetup: 'Failed to load the set-up list',
  errorLoadingSetup: 'Error loading the set-up list',
} as const;

export const setupRoutes = {
  getSetup: route({
    method: 'GET',
    path: '/setup',
    reads: ['settings', 'expense-types', 'clients', 'employees', 'accounts', 'entries'],
    access: 'signedIn',
    texts: texts(setupMessages.failedLoadSetup, setupMessages.errorLoadingSetup),
  }),
};
