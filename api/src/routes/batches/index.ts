// /api/batches: the batches of entries written in one step, and undoing one
// (docs/decisions/013-entry-batches.md).
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { listBatches, reverseBatch } from '../../repositories/batches.js';
import { route } from '../route.js';

export const batchRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listBatches, (request) => listBatches(app.db, request.query));

  route(app, endpoints.reverseBatch, async (request) => {
    const { batch, reversed } = await reverseBatch(app.db, currentUser(request).id, {
      id: request.params.id,
      reason: request.body.reason,
    });
    return { message: apiMessages.batchReversed, batch, reversed };
  });
};
