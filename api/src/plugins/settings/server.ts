// Fastify's own settings (the factory's options): limits and deadlines, the proxies believed, the
// validator and serializer, and the router's refusals in the one error shape. The logger is
// chosen by buildApp.
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply } from 'fastify';
import { apiMessages, errorCode } from 'contract';
import type { AppConfig } from '../../config.js';
import { clientErrorHandler } from '../../lib/client-errors.js';
import { cachedSerializers } from '../../lib/serializer.js';
import { validationMessage } from '../../lib/validation-message.js';
import { ajvOptions, strictValidators } from '../../lib/validator.js';

/** Fastify's trustProxy for TRUST_PROXY: a hop count, or the proxies' addresses and ranges. */
const trustedProxies = (setting: AppConfig['trustProxy']) =>
  typeof setting === 'number'
    ? (_address: string, hop: number) => hop < setting
    : (setting ?? false);

export const serverSettings = (config: AppConfig): FastifyHttpOptions<Server> => ({
  bodyLimit: config.bodyLimitBytes,
  // Slow or idle clients are cut off (408 and the connection closed) instead of holding a socket
  // and a file descriptor for as long as they like; capConnections bounds how many are open.
  requestTimeout: config.http.requestTimeoutMs,
  // That 408, and Node's other refusals of a connection (400, 413, 431), in the one error shape.
  clientErrorHandler,
  keepAliveTimeout: config.http.keepAliveTimeoutMs,
  http: {
    headersTimeout: config.http.headersTimeoutMs,
    // Node checks both deadlines on this interval (30 s by default): check often enough that
    // a deadline is kept to within a second.
    connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
  },
  // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY), so that the
  // per-address limits see real clients behind a reverse proxy and nobody else can spoof it.
  trustProxy: trustedProxies(config.trustProxy),
  // No type coercion, no field the schema does not name, the contract's text formats
  // (lib/validator.ts, which the import's row checks share).
  ajv: ajvOptions,
  schemaController: {
    compilersFactory: {
      buildValidator: strictValidators(),
      buildSerializer: cachedSerializers(),
    },
  },
  schemaErrorFormatter: (errors) => new Error(validationMessage(errors)),
  // The router's refusals (a broken %-escape, an over-long path part) in the one error shape,
  // rather than Fastify's own body with its internal error names.
  frameworkErrors: (error, _request, reply) => {
    const status = error.statusCode === 414 ? 414 : 400;
    const message = status === 414 ? apiMessages.pathPartTooLong : apiMessages.badUrl;
    void (reply as FastifyReply).status(status).send({ code: errorCode(status, message), message });
  },
});
