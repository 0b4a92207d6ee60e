// Security headers (@fastify/helmet): the product's content security policy, which lets the
// browser load the remotes from their own addresses.
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '../../config.js';
import { contentSecurityPolicy } from '../../web/static.js';

export const helmetSettings = (config: AppConfig): FastifyHelmetOptions => ({
  contentSecurityPolicy: { directives: contentSecurityPolicy(config.remoteUrls) },
  crossOriginEmbedderPolicy: false,
});
