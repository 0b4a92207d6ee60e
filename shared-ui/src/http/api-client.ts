// The one HTTP client of the browser. Screens never call fetch and never write a path: they
// `call(endpoints.x, input)` with a description from the contract, which gives the method, the
// path, the input and answer types and the two texts the spec's error catalogue gives the call,
// and show `error.message` of whatever it throws. Tests answer calls with shared-ui/testing's
// mockEndpoint. `api.get/post/put/del/download` (paths by hand) remain only for the Activity
// screens and the sidebar's session calls, which are not moved onto the contract yet.
import {
  endpointPath,
  queryString,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type InputOptional,
} from 'contract';
import { getToken, useSession } from '../session/session-store';
import { parseJson } from './exact-json';
import { saveFile } from '../files/save-file';

/** All calls go to one API base with an /api prefix (spec §7). */
const API_BASE = '/api';

/** The texts of spec §8 for one operation. */
export interface ApiMessages {
  /** Shown for a non-ok response without a server `message` (e.g. "Failed to add expense"). */
  failure: string;
  /** Shown for a network or parse failure (e.g. "Error adding expense"). */
  error: string;
}

/** A failed call. `message` is already the text to show the user. */
export class ApiError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call extras. */
export interface RequestOptions {
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

/** Sends one call; answers the response when it is ok, throws the text to show otherwise. */
async function send(
  method: Method,
  path: string,
  messages: ApiMessages,
  body?: unknown,
  options?: RequestOptions,
  accept = 'application/json',
): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = { ...options?.headers, Accept: accept };
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
    // The session expired or was ended (by an admin, or elsewhere): sign the browser out
    // (DESIGN §4), which shows the login page and reloads. The call never settles: the screen
    // that made it is going away, and an error alert over it would only hold up the login page.
    // A 401 without a token is a failed login and is reported like any other failure.
    useSession.getState().signOut();
    return new Promise<never>(() => undefined);
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
  return response;
}

async function request<T>(
  method: Method,
  path: string,
  messages: ApiMessages,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await send(method, path, messages, body, options);
  try {
    return (await readJson(response)) as T;
  } catch {
    throw new ApiError(messages.error, response.status);
  }
}

/** GETs a file the server builds (a CSV export) and hands it to the browser as a download. */
async function download(path: string, fileName: string, messages: ApiMessages): Promise<void> {
  const response = await send('GET', path, messages, undefined, undefined, '*/*');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(messages.error, response.status);
  }
  saveFile(fileName, blob);
}

export interface ApiClient {
  get<T>(path: string, messages: ApiMessages, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, messages: ApiMessages, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body: unknown, messages: ApiMessages, options?: RequestOptions): Promise<T>;
  del<T>(path: string, messages: ApiMessages, options?: RequestOptions): Promise<T>;
  download(path: string, fileName: string, messages: ApiMessages): Promise<void>;
}

export const api: ApiClient = {
  get: (path, messages, options) => request('GET', path, messages, undefined, options),
  post: (path, body, messages, options) => request('POST', path, messages, body, options),
  put: (path, body, messages, options) => request('PUT', path, messages, body, options),
  del: (path, messages, options) => request('DELETE', path, messages, undefined, options),
  download,
};

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

/** Per-call extras of `call`. */
export type CallOptions = RequestOptions;

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
