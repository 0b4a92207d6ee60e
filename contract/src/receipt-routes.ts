// The browser's half of the calls of receipt-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const receiptRoutes = {
  addEntryWithReceipts: route({
    method: 'POST',
    path: '/receipts/entries',
    changes: ['entries', 'receipts', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAttachReceipt, messages.errorAttachingReceipt),
  }),
  attachReceipts: route({
    method: 'POST',
    path: '/journal/:id/receipts',
    changes: ['receipts', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAttachReceipt, messages.errorAttachingReceipt),
  }),
  listReceipts: route({
    method: 'GET',
    path: '/journal/:id/receipts',
    reads: ['receipts'],
    access: 'signedIn',
    texts: texts(messages.failedLoadReceipts, messages.errorLoadingReceipts),
  }),
  receiptFile: route({
    method: 'GET',
    path: '/receipts/:id/file',
    reads: ['receipts'],
    access: 'public',
    texts: texts(messages.failedLoadReceipts, messages.errorLoadingReceipts),
  }),
  removeReceipt: route({
    method: 'POST',
    path: '/receipts/:id/remove',
    changes: ['receipts', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedRemoveReceipt, messages.errorRemovingReceipt),
  }),
  getReceiptsMissing: route({
    method: 'GET',
    path: '/dashboard/receipts-missing',
    reads: ['entries', 'receipts'],
    access: 'signedIn',
    texts: texts(messages.errorFetchingData),
  }),
};
