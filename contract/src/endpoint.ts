// What one API call is: method, path, the schemas of its inputs and answers, who may make it and
// the catalogue texts a screen shows when it fails. The server registers its routes from these
// descriptions and the browser's client builds its requests from them, so neither side writes a
// path or a payload shape of its own.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Topic } from './topics.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The error statuses an operation can answer with, each with a `{ message }` body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429;

/** The texts of docs/product.md#messages for one call. */
export interface EndpointTexts {
  /** Shown for a non-ok answer without a server `message` (e.g. "Failed to add expense"). */
  failure: string;
  /** Shown for a network or parse failure (e.g. "Error adding expense"). */
  error: string;
}

/**
 * Who may call: anyone, any signed-in user, admins only, or `audit`: admins and viewers (the
 * read-only role an outside accountant signs in with), not staff.
 */
export type Access = 'public' | 'signedIn' | 'admin' | 'audit';

/** A success answer that is a file to save (a CSV export, a backup), not JSON. */
export interface FileAnswer {
  /** The media type the 200 answer is sent as (the OpenAPI response content). */
  mediaType:
    | 'text/csv'
    | 'application/octet-stream'
    | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    | 'application/pdf';
  /**
   * The name the content-disposition header gives it, and the browser saves it under; a call
   * that serves one of many files (a backup) answers with the file's own name instead.
   */
  fileName: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** Below the /api prefix; `:name` marks a path parameter declared in `params`. */
  path: string;
  /** The group the OpenAPI document lists it under. */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: TObject;
  query?: TObject;
  headers?: TObject;
  body?: TObject;
  /**
   * The success answers by status; a call that creates or finds what it was asked to make (an
   * Idempotency-Key repeated) names both 201 and 200.
   */
  responses: { 200?: TSchema; 201?: TSchema };
  /** Set when the 200 answer is a file: its schema then describes the file's text. */
  file?: FileAnswer;
  /** For admins-only calls: the 403 text for anyone else, when it is not the user list's. */
  adminsOnly?: string;
  /**
   * Set on a call that is not a GET yet changes only the caller's own session or account (sign
   * out, end my other sessions, change my password, two-step sign-in): a read-only user may make
   * it. Every other signed-in call that is not a GET is a write (see `isWrite`), which the server
   * refuses to a `viewer` with 403.
   */
  ownAccount?: true;
  /**
   * Error answers beyond those every call of its kind can get (400 for a bad input, 401 without
   * a session, 403 for admins-only calls, 413 for an oversized body): 404, 409, 429.
   */
  errors: readonly ErrorStatus[];
  texts: EndpointTexts;
  /** A GET's: the topics its answer is made of (topics.ts); a write that changes one refreshes it. */
  reads?: readonly Topic[];
  /** A call that is not a GET: the topics it changes (none for a preview or a sign-in). */
  changes?: readonly Topic[];
  /**
   * Set on a write whose answer is the new state of the GET at its own path that takes no input
   * (its operationId): the browser's cache takes the answer as that read's.
   */
  answersRead?: string;
}

/**
 * The browser's half of a call: what its client, cache and screens read (method, path, access,
 * topics, texts, file). Each `<domain>-routes.ts` module holds these, free of schemas, and the
 * browser's entry (browser.ts) bundles them alone; the server's description of the same call
 * (`<domain>-endpoints.ts`) is the route spread into its schemas and documentation.
 */
export type Route = Pick<Endpoint, RoutePart>;
export type RoutePart =
  | 'method'
  | 'path'
  | 'access'
  | 'texts'
  | 'reads'
  | 'changes'
  | 'answersRead'
  | 'file'
  | 'ownAccount';

/** What a description must say of its topics: a GET what it reads, any other call what it changes. */
type Topics<E extends Pick<Endpoint, 'method'>> = E['method'] extends 'GET'
  ? { reads: readonly [Topic, ...Topic[]]; changes?: never }
  : { changes: readonly Topic[]; reads?: never };

/** Keeps the literal types of a route (its method, its topics). */
export const defineRoute = <const R extends Route>(route: R & Topics<R>): R => route;

/** Keeps the literal schema types of a description, so inputs and answers can be derived. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E & Topics<E>): E => endpoint;

type StaticOf<T> = T extends TSchema ? Static<T> : never;

/** The path parameters of a call, or undefined when it has none. */
export type EndpointParams<E extends Endpoint> = StaticOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = StaticOf<E['query']>;
export type EndpointBody<E extends Endpoint> = StaticOf<E['body']>;
export type EndpointHeaders<E extends Endpoint> = StaticOf<E['headers']>;

/** What a successful call answers with (either success status of an entry). */
export type EndpointResult<E extends Endpoint> = {
  [S in keyof E['responses']]-?: StaticOf<E['responses'][S]>;
}[keyof E['responses']];

/** The inputs a call needs: exactly the parts its description declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends TSchema
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (E['query'] extends TSchema ? { query: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends TSchema ? { body: EndpointBody<E> } : { body?: never });

/** True when a call can be made without any input. */
export type InputOptional<E extends Endpoint> = E['params'] extends TSchema
  ? false
  : E['query'] extends TSchema
    ? false
    : E['body'] extends TSchema
      ? false
      : true;

/** The path of a call with its parameters filled in, below the /api prefix. */
export function endpointPath(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Record<string, string | number>,
): string {
  return endpoint.path.replace(/:([A-Za-z]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=` for the given values; undefined ones are left out, empty strings are sent. */
export function queryString(query?: Record<string, string | number | undefined>): string {
  if (!query) return '';
  // Written out rather than with URLSearchParams: this package compiles with no DOM or Node
  // typings, since it runs in both.
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/**
 * Whether a call writes: every call that is not a GET and not public, unless it only touches the
 * caller's own session or account (`ownAccount`). The server refuses every write to a read-only
 * user from this one test, and the screens offer none to them.
 */
export const isWrite = (endpoint: Pick<Endpoint, 'method' | 'access' | 'ownAccount'>): boolean =>
  endpoint.method !== 'GET' && endpoint.access !== 'public' && endpoint.ownAccount !== true;

/**
 * The error statuses a call can answer with: those its description names, plus those that come
 * with its kind (a 400 when it takes input, a 401 unless public, a 403 for admins-only calls and
 * writes, which a read-only user may not make, a 413 and a 415 when it takes a body, a 414 when
 * its path has parameters).
 */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin' || endpoint.access === 'audit' || isWrite(endpoint))
    statuses.add(403);
  if (endpoint.body) {
    statuses.add(413);
    // A body that is not JSON in UTF-8 (a form, another charset).
    statuses.add(415);
  }
  // A path parameter longer than the router takes.
  if (endpoint.params) statuses.add(414);
  return [...statuses].sort((a, b) => a - b);
}
