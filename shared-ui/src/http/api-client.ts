// The one HTTP client of the browser. Screens never call fetch and never write a path: they
// `call(endpoints.x, input)` with a description from the contract, which gives the method, the
// path, the input and answer types and the two texts the spec's error catalogue gives the call,
// and show `error.message` of whatever it throws. Tests answer calls with shared-ui/testing's
// mockEndpoint.
import {
  endpointPath,
  queryString,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type EndpointTexts,
  type InputOptional,
} from 'contract';
import { getToken } from '../session/session-store';
import { page } from '../notify/page';
import { parseJson } from './exact-json';

/** All calls go to one API base with an /api prefix (spec §7). */
const API_BASE = '/api';

/** A failed call. `message` is already the text to show the user. */
export class ApiError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Per-call extras. */
export interface CallOptions {
  /**
   * Extra request headers (e.g. `Idempotency-Key`). The client's own Accept, Content-Type and
   * Authorization headers win over these, so a caller cannot break auth or JSON by accident.
   */
  headers?: Record<string, string>;
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : parseJson(text);
}

async function request<T>(
  method: Endpoint['method'],
  path: string,
  messages: EndpointTexts,
  body?: unknown,
  options?: CallOptions,
): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { ...options?.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(messages.error);
  }

  if (response.status === 401 && token) {
    // The session expired or was revoked: sign the browser out (DESIGN §4). A 401 without a
    // token is a failed login and is reported like any other failure.
    window.sessionStorage.clear();
    page.reload();
  }

  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = await readJson(response);
    } catch {
      parsed = undefined;
    }
    throw new ApiError(serverMessage(parsed) ?? messages.failure, response.status);
  }

  try {
    return (await readJson(response)) as T;
  } catch {
    throw new ApiError(messages.error, response.status);
  }
}

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** The arguments of a call: its input (optional when it needs none) and the extras. */
export type CallArgs<E extends Endpoint> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Makes the call an endpoint describes and answers with its typed result. */
export function call<E extends Endpoint>(
  endpoint: E,
  ...args: NoInfer<CallArgs<E>>
): Promise<EndpointResult<E>> {
  // Inside, the input is only taken apart; its type was checked at the call site.
  const [input, options] = args as unknown as [RawInput | undefined, CallOptions | undefined];
  const { params, query, body } = input ?? {};
  const path = endpointPath(endpoint, params) + queryString(query);
  return request(endpoint.method, path, endpoint.texts, body, options);
}

/** The text to show for anything a call threw. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
