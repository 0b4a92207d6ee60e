// The calls of batches of entries (tag batches).
import { IdParams } from './common.js';
import { BatchList, BatchListQuery, BatchReversed, ReverseBatchBody } from './batches.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { batchRoutes } from './batch-routes.js';

export const batchEndpoints = {
  listBatches: endpoint({
    ...batchRoutes.listBatches,
    tag: 'batches',
    summary: 'Batches of entries written in one step (imports, payroll runs, repeating entries)',
    description: 'Newest first; `kind` keeps one kind.',
    query: BatchListQuery,
    responses: { 200: BatchList },
    errors: [],
  }),
  reverseBatch: endpoint({
    ...batchRoutes.reverseBatch,
    tag: 'batches',
    summary: 'Undo a batch: one reversal for each of its entries, all or none',
    description:
      'Refused (409) when the batch is already undone, when any of its entries lies in a closed ' +
      'period, or when any of them was reversed on its own.',
    params: IdParams,
    body: ReverseBatchBody,
    responses: { 200: BatchReversed },
    errors: [404, 409],
  }),
};
