// The OpenAPI document (@fastify/swagger), built from the contract's routes.
import type { SwaggerOptions } from '@fastify/swagger';
import { withNamedComponents } from '../../lib/openapi-components.js';

export const swaggerSettings: SwaggerOptions = {
  // Only the operations of the contract (each has a tag); the web apps' files are not API.
  hideUntagged: true,
  openapi: {
    // 3.1: JSON Schema as the contract writes it (a numeric exclusiveMinimum on amounts).
    openapi: '3.1.0',
    info: {
      title: 'Office finance API',
      description: 'Users, employees, clients, expense types, entries, reports and ledgers.',
      version: '1.0.0',
      // The company's own, not published (every package is private).
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
  },
  // Every GET also answers HEAD (Fastify's default), so the document lists both.
  exposeHeadRoutes: true,
  transformObject: (documents) =>
    'openapiObject' in documents
      ? withNamedComponents(documents.openapiObject)
      : documents.swaggerObject,
};
