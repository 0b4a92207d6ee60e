import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const employeesRoutes: FastifyPluginAsyncTypebox = async () => {};
