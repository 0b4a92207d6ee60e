import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const incomsRoutes: FastifyPluginAsyncTypebox = async () => {};
