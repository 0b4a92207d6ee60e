import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const clientsRoutes: FastifyPluginAsyncTypebox = async () => {};
