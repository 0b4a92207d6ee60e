import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const dashboardRoutes: FastifyPluginAsyncTypebox = async () => {};
