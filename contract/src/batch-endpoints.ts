// The calls of batches of entries (tag batches).
import { texts } from './endpoint-texts.js';
import { IdParams } from './common.js';
import { BatchList, BatchListQuery, BatchReversed, ReverseBatchBody } from './batches.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { messages } from './messages.js';

export const batchEndpoints = {
  listBatches: endpoint({
    method: 'GET',
    path: '/batches',
    reads: ['batches'],
    tag: 'batches',
    summary: 'Batches of entries written in one step (imports, payroll runs, repeating entries)',
    description: 'Newest first; `kind` keeps one kind.',
    access: 'signedIn',
    query: BatchListQuery,
    responses: { 200: BatchList },
    errors: [],
    texts: texts(messages.failedLoadBatches, messages.errorLoadingBatches),
  }),
  reverseBatch: endpoint({
    method: 'POST',
    path: '/batches/:id/reverse',
    changes: ['entries', 'batches', 'activity'],
    tag: 'batches',
    summary: 'Undo a batch: one reversal for each of its entries, all or none',
    description:
      'Refused (409) when the batch is already undone, when any of its entries lies in a closed ' +
      'period, or when any of them was reversed on its own.',
    access: 'signedIn',
    params: IdParams,
    body: ReverseBatchBody,
    responses: { 200: BatchReversed },
    errors: [404, 409],
    texts: texts(messages.failedReverseBatch, messages.errorReversingBatch),
  }),
};
