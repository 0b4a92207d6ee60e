// The browser's half of the calls of import-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { importMessages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const importRoutes = {
  previewImport: route({
    method: 'POST',
    path: '/imports/preview',
    changes: [],
    access: 'signedIn',
    texts: texts(importMessages.failedPreview, importMessages.errorPreview),
  }),
  runImport: route({
    method: 'POST',
    path: '/imports',
    changes: ['entries', 'batches', 'clients', 'employees', 'expense-types', 'activity'],
    access: 'signedIn',
    texts: texts(importMessages.failedImport, importMessages.errorImport),
  }),
  listImports: route({
    method: 'GET',
    path: '/imports',
    reads: ['batches'],
    access: 'signedIn',
    texts: texts(importMessages.failedLoadImports, importMessages.errorLoadingImports),
  }),
};
