// The one HTTP client of the browser. Screens never call fetch and never write a path: they
// `call(endpoints.x, input)` with a description from the contract, which gives the method, the
// path, the input and answer types and the two texts the spec's error catalogue gives the call,
// and show `error.message` of whatever it throws. Tests answer calls with shared-ui/testing's
// mockEndpoint. A call whose answer is a file (a CSV export, a backup) is
// `download(endpoints.x, input)`.
import {
  endpointPath,
  queryString,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type InputOptional,
} from 'contract/browser';
import { getToken, useSession } from '../session/session-store';
import { parseJson } from './exact-json';
import { saveFile } from '../files/save-file';
import { takeEarlyAnswer } from './early-answers';

/** All calls go to one API base with an /api prefix (docs/product.md#calls). */
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

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/**
 * Sends one call; answers the response when it is ok, throws the text to show otherwise. `early`:
 * the answer the page's start script already asked for this request (early-answers.ts), used in
 * place of sending it when it arrived.
 */
async function send(
  endpoint: Endpoint,
  input: RawInput | undefined,
  options: RequestOptions | undefined,
  accept: string,
  early?: (url: string) => Promise<Response | undefined> | undefined,
): Promise<Response> {
  const { params, query, body } = input ?? {};
  const messages = endpoint.texts;
  const token = getToken();
  const headers: Record<string, string> = { ...options?.headers, Accept: accept };
  // A form (a file upload) is sent as the browser encodes it, with its own multipart boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = `${API_BASE}${endpointPath(endpoint, params)}${queryString(query)}`;
  let response: Response;
  try {
    // An early answer that failed to arrive is asked again.
    response =
      (await early?.(url)?.catch(() => undefined)) ??
      (await fetch(url, {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      }));
  } catch {
    throw new ApiError(messages.error);
  }

  if (response.status === 401 && token) {
    // The session expired or was ended (by an admin, or elsewhere): sign the browser out
    // (docs/architecture.md#security), which shows the login page and reloads. The call never settles: the screen
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

/** The arguments of a call: its input (optional when it needs none) and the extras. */
export type CallArgs<E extends Endpoint> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Per-call extras of `call`. */
export type CallOptions = RequestOptions;

/** Makes the call an endpoint describes and answers with its typed result. */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...args: NoInfer<CallArgs<E>>
): Promise<EndpointResult<E>> {
  // Inside, the input is only taken apart; its type was checked at the call site.
  const [input, options] = args as unknown as [RawInput | undefined, CallOptions | undefined];
  return answerOf(endpoint, await send(endpoint, input, options, 'application/json'));
}

/**
 * `call` without options, taking the answer the page's start script already asked for the same
 * request when there is one (early-answers.ts): the page's first reads (prefetchApiQuery).
 */
export async function callTakingEarlyAnswer<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> | undefined,
): Promise<EndpointResult<E>> {
  const raw = input as unknown as RawInput | undefined;
  const early = (url: string) => takeEarlyAnswer(`${endpoint.method} ${url}`);
  return answerOf(endpoint, await send(endpoint, raw, undefined, 'application/json', early));
}

/** An ok answer's JSON as the endpoint's result; an unreadable one is the endpoint's error text. */
async function answerOf<E extends Endpoint>(
  endpoint: E,
  response: Response,
): Promise<EndpointResult<E>> {
  try {
    return (await readJson(response)) as EndpointResult<E>;
  } catch {
    throw new ApiError(endpoint.texts.error, response.status);
  }
}

/** An endpoint whose answer is a file to save. */
export type FileEndpoint = Endpoint & { file: NonNullable<Endpoint['file']> };

/** Per-call extras of `download`. */
export interface DownloadOptions extends CallOptions {
  /** The name to save under, for a call that serves one of many files (a backup by its name);
   * else the endpoint's own file name. */
  fileName?: string;
}

/** The arguments of a download: its input (optional when it needs none) and the extras. */
export type DownloadArgs<E extends Endpoint> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: DownloadOptions]
    : [input: EndpointInput<E>, options?: DownloadOptions];

/**
 * Makes the call of an endpoint that answers with a file (a CSV export) and hands the file to
 * the browser as a download, under the name the endpoint gives it (the one the server's
 * content-disposition header names too).
 */
export async function download<E extends FileEndpoint>(
  endpoint: E,
  ...args: NoInfer<DownloadArgs<E>>
): Promise<void> {
  const [input, options] = args as unknown as [RawInput | undefined, DownloadOptions | undefined];
  const response = await send(endpoint, input, options, endpoint.file.mediaType);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(endpoint.texts.error, response.status);
  }
  saveFile(options?.fileName ?? endpoint.file.fileName, blob);
}

/** The text to show for anything a call threw. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Sends a multipart form (files) to an endpoint that takes one (the receipt uploads), with the
 * bearer header; answers its typed result or throws the text to show, as `call` does.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string | number> | undefined,
  form: FormData,
  options?: CallOptions,
): Promise<EndpointResult<E>> {
  const response = await send(endpoint, { params, body: form }, options, 'application/json');
  try {
    return (await readJson(response)) as EndpointResult<E>;
  } catch {
    throw new ApiError(endpoint.texts.error, response.status);
  }
}
