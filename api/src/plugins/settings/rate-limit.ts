// Rate limits (@fastify/rate-limit): off unless a route asks for one, counted in the database so
// every server process sees the same count, and refused with the contract's message.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { apiMessages } from 'contract';
import { sharedRateLimitStore } from '../../lib/rate-limit-store.js';
import type { RateCounters } from '../../repositories/rate-counters.js';

export const rateLimitSettings = (counters: RateCounters): RateLimitPluginOptions => ({
  global: false,
  store: sharedRateLimitStore(counters),
  errorResponseBuilder: (_request, context) => ({
    statusCode: context.statusCode,
    message: apiMessages.tooManyAttempts,
  }),
});
