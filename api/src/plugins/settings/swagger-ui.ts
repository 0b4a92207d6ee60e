// The API's docs page (@fastify/swagger-ui) at /api/docs.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

export const swaggerUiSettings: FastifySwaggerUiOptions = {
  routePrefix: '/api/docs',
  uiConfig: { docExpansion: 'list' },
  // The docs page needs inline styles/scripts that the product's CSP forbids.
  staticCSP: true,
};
