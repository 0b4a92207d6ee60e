// The browser's half of the calls of batch-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const batchRoutes = {
  listBatches: route({
    method: 'GET',
    path: '/batches',
    reads: ['batches'],
    access: 'signedIn',
    texts: texts(messages.failedLoadBatches, messages.errorLoadingBatches),
  }),
  reverseBatch: route({
    method: 'POST',
    path: '/batches/:id/reverse',
    changes: ['entries', 'batches', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedReverseBatch, messages.errorReversingBatch),
  }),
};
