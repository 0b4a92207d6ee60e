// The one way to add an /api route: from its description in the contract. Method, path, schemas,
// who may call and the OpenAPI operation all come from there; the route file only supplies the
// handler. The /api scope refuses any route registered another way (see `requireContract`).
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  FastifyContextConfig,
} from 'fastify';
import {
  endpoints,
  errorStatuses,
  ErrorResponse,
  type Endpoint,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from 'contract';
import { requireAdmin } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract key the route was registered from. */
    operationId?: string;
  }
}

/** The request of a call as its description types it. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
  Headers: EndpointHeaders<E>;
}>;

/**
 * Answers with the body (typed by the description's success schema, sent with its status: 201
 * for a call that only creates) or with the reply when it sets the status itself.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | FastifyReply> | EndpointResult<E> | FastifyReply;

/** What a route adds that the contract does not describe (e.g. a rate limit). */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'public' | 'operationId'>;
}

const operationIds = new Map<Endpoint, string>(
  Object.entries(endpoints).map(([name, endpoint]) => [endpoint as Endpoint, name]),
);

/** The OpenAPI/Fastify schema of a described call. */
export function routeSchema(operationId: string, endpoint: Endpoint) {
  const errors = Object.fromEntries(
    errorStatuses(endpoint).map((status) => [status, ErrorResponse]),
  );
  return {
    operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { ...endpoint.responses, ...errors },
  };
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const operationId = operationIds.get(endpoint);
  if (!operationId) throw new Error(`${endpoint.method} ${endpoint.path} is not in the contract`);
  const createsOnly =
    endpoint.responses[201] !== undefined && endpoint.responses[200] === undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extras.config, public: endpoint.access === 'public', operationId },
    ...(endpoint.access === 'admin' ? { preHandler: requireAdmin } : {}),
    schema: routeSchema(operationId, endpoint),
    handler: (request, reply) => {
      if (createsOnly) reply.code(201);
      return (handler as unknown as RouteOptions['handler']).call(app, request, reply);
    },
  });
}

/** Refuses, at start-up, any route of the scope that was not registered from the contract. */
export function requireContract(scope: FastifyInstance): void {
  scope.addHook('onRoute', (options) => {
    if (!options.config?.operationId) {
      throw new Error(`${String(options.method)} ${options.url} is not described in the contract`);
    }
  });
}
