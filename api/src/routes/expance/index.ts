import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const expanceRoutes: FastifyPluginAsyncTypebox = async () => {};
