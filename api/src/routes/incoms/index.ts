// /api/incoms: the income entry form (Debit: billed to the client; Credit: payment received).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IncomeEntryBody, messages } from 'contract';
import { entryRoute } from '../entry-route.js';

export const incomsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
    entryRoute({
      kind: 'income',
      path: '/addIncome',
      body: IncomeEntryBody,
      partyField: 'clientId',
      summary: 'Record income: Debit bills the client, Credit records a payment received',
      successMessage: messages.incomeEntryAdded,
    }),
  );
};
