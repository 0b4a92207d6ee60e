// /api/incoms: the income entry form (Debit: billed to the client; Credit: payment received).
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { entryRoute } from '../entry-route.js';

export const incomsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    entryRoute({
      kind: 'income',
      endpoint: endpoints.addIncome,
      partyField: 'clientId',
      successMessage: messages.incomeEntryAdded,
    }),
  );
};
