// The one way to add an /api route: from its description in the contract. Method, path, schemas,
// who may call and the OpenAPI operation all come from there; the route file only supplies the
// handler. The /api scope refuses any route registered another way (see `requireContract`).
import { Readable } from 'node:stream';
import type {
  FastifyInstance,
  preHandlerAsyncHookHandler,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  FastifyContextConfig,
} from 'fastify';
import {
  apiMessages,
  endpoints,
  errorStatuses,
  ErrorResponse,
  isWrite,
  type Endpoint,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from 'contract';
import {
  requireAdmin,
  requireAdminFor,
  requireAuditorFor,
  requireWriter,
} from '../plugins/auth.js';

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
 * A file answer of a call that serves one of many files (a backup): the file's own name, its
 * bytes as a stream (never read whole) and, when known, its size.
 */
export class NamedFile {
  constructor(
    readonly fileName: string,
    readonly body: Readable,
    readonly bytes?: number,
  ) {}
}

/**
 * What a handler answers with: the body (typed by the description's success schema, sent with
 * its status: 201 for a call that only creates) or the reply when it sets the status itself; for
 * a file, its text piece by piece, which is streamed with the file's type and name, or a
 * NamedFile.
 */
export type EndpointAnswer<E extends Endpoint> = E['file'] extends object
  ? AsyncIterable<string> | NamedFile
  : EndpointResult<E> | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E>> | EndpointAnswer<E>;

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
    response: { ...successes(endpoint), ...errors },
  };
}

/** The success answers' schemas; a file's is its text under its media type, not JSON. */
function successes(endpoint: Endpoint) {
  const { file } = endpoint;
  if (!file) return endpoint.responses;
  return Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, schema]) => [
      status,
      { description: file.fileName, content: { [file.mediaType]: { schema } } },
    ]),
  );
}

/**
 * Who may not call, from the description alone: a read-only user makes no write (`isWrite`), and
 * only an admin makes an admins-only call. A route never guards itself, so a write added later is
 * refused to a viewer without a line of its own.
 */
function guards(endpoint: Endpoint): { preHandler?: preHandlerAsyncHookHandler[] } {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  // First: a viewer is told their account only views, whatever else the call needs.
  if (isWrite(endpoint)) preHandler.push(requireWriter);
  if (endpoint.access === 'admin')
    preHandler.push(endpoint.adminsOnly ? requireAdminFor(endpoint.adminsOnly) : requireAdmin);
  if (endpoint.access === 'audit')
    preHandler.push(requireAuditorFor(endpoint.adminsOnly ?? apiMessages.adminsOnly));
  return preHandler.length ? { preHandler } : {};
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
    ...guards(endpoint),
    schema: routeSchema(operationId, endpoint),
    handler: async (request, reply) => {
      if (createsOnly) reply.code(201);
      const answer: unknown = await (handler as unknown as RouteOptions['handler']).call(
        app,
        request,
        reply,
      );
      const { file } = endpoint;
      if (!file) return answer;
      // Headers only now: a handler that refuses its input answers JSON as any other call.
      reply.type(
        file.mediaType.startsWith('text/') ? `${file.mediaType}; charset=utf-8` : file.mediaType,
      );
      if (answer instanceof NamedFile) {
        if (answer.bytes !== undefined) reply.header('content-length', answer.bytes);
        return reply
          .header('content-disposition', `attachment; filename="${answer.fileName}"`)
          .send(answer.body);
      }
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Readable.from(answer as AsyncIterable<string>));
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
