// Helpers for the apps' component tests, imported as 'shared-ui/testing'. Not part of the
// runtime surface (src/index.ts), so no bundle carries them.
//
// Tests answer API calls by endpoint, never by path: `mockEndpoint(endpoints.listClients,
// { users: [...] })` types the answer from the endpoint's response schema. The answers are given
// at the network (fetch), so the real client builds each request, and a failure answer shows the
// texts that come with the endpoint. A request no test answered fails the test.
import type { ReactElement } from 'react';
import type { LedgerAccount } from 'contract/browser';
import { act, render as renderDom, type RenderOptions } from '@testing-library/react';
import {
  endpoints,
  type Endpoint,
  type EndpointBody,
  type EndpointResult,
  type Role,
} from 'contract/browser';
// The server's table, with every call's answers: which success status a call answers with is
// the server's to say (a route carries none). Tests only: no bundle carries this module.
import { endpoints as described } from 'contract';
import { DataProvider } from '../data/DataProvider';
import { queryClient } from '../data/query-client';
import { useSession } from '../session/session-store';

/** A promise settled by hand: lets a test look at busy labels while a call is in flight. */
export function deferred<T = unknown>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A non-ok answer, or (status 0) no answer at all. */
export class Failure {
  constructor(
    readonly status: number,
    readonly body?: string,
  ) {}
}

/** The server refuses: `status` with `{ message }` when a message is given, else an empty body. */
export const failWith = (status: number, message?: string) =>
  new Failure(status, message === undefined ? '' : JSON.stringify({ message }));

/** The request never reaches the server (fetch rejects). */
export const networkFailure = () => new Failure(0);

/** A success status whose body is not JSON. */
export const unreadableAnswer = () => new Failure(200, '<html>');

/** One request as the endpoint received it: path parameters and query as the URL carries them. */
export interface ReceivedCall<E extends Endpoint> {
  params: Record<string, string>;
  query: Record<string, string>;
  body: EndpointBody<E> | undefined;
  /** An upload's (multipart) text fields, e.g. its JSON `options`; files are left out. */
  form: Record<string, string> | undefined;
  headers: Record<string, string>;
}

type Settled<E extends Endpoint> = EndpointResult<E> | Failure;

/** The answer: a value, a failure, a promise of either, or a function of the request. */
export type Answer<E extends Endpoint> =
  | Settled<E>
  | Promise<Settled<E>>
  | ((call: ReceivedCall<E>) => Settled<E> | Promise<Settled<E>>);

export interface MockedEndpoint<E extends Endpoint> {
  /** Every request made to the endpoint, in order. */
  calls: Array<ReceivedCall<E>>;
  /** Changes what the following requests are answered with. */
  answer(next: Answer<E>): void;
  /** Answers the next request (after any queued before it) with this, then the standing answer. */
  once(next: Answer<E>): void;
}

interface Mock {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  answer: Answer<Endpoint>;
  queued: Array<Answer<Endpoint>>;
  calls: Array<ReceivedCall<Endpoint>>;
}

const mocks = new Map<Endpoint, Mock>();
let unexpected: string[] = [];

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^/api${source}$`), names };
}

const respond = (status: number, text: string, type = 'application/json') =>
  ({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text], { type })),
  }) as Response;

/** The calls whose success answer is a 201 only (a creation), by method and path. */
const createdOnly = new Set(
  Object.values(described as Readonly<Record<string, Endpoint>>)
    .filter((described) => !described.responses[200])
    .map((described) => `${described.method} ${described.path}`),
);

function successStatus(endpoint: Endpoint): number {
  // A call a test describes itself carries its answers; one of the table is its route.
  const own = endpoint.responses as Endpoint['responses'] | undefined;
  if (own) return own[200] ? 200 : 201;
  return createdOnly.has(`${endpoint.method} ${endpoint.path}`) ? 201 : 200;
}

async function answerRequest(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  for (const mock of mocks.values()) {
    if (mock.endpoint.method !== method) continue;
    const match = mock.pattern.exec(url.pathname);
    if (!match) continue;
    const call: ReceivedCall<Endpoint> = {
      params: Object.fromEntries(
        mock.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      ),
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as never) : undefined,
      form:
        init?.body instanceof FormData
          ? Object.fromEntries(
              [...init.body.entries()].flatMap(([name, value]) =>
                typeof value === 'string' ? [[name, value]] : [],
              ),
            )
          : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    mock.calls.push(call);
    const answer = mock.queued.shift() ?? mock.answer;
    const settled = await (typeof answer === 'function' ? answer(call) : answer);
    if (settled instanceof Failure) {
      if (settled.status === 0) throw new TypeError('Failed to fetch');
      return respond(settled.status, settled.body ?? '');
    }
    // A file's answer is its text (a CSV), sent as it is.
    const { file } = mock.endpoint;
    if (file) return respond(successStatus(mock.endpoint), String(settled), file.mediaType);
    return respond(successStatus(mock.endpoint), JSON.stringify(settled));
  }
  unexpected.push(`${method} ${url.pathname}${url.search}`);
  throw new TypeError(`no test answers ${method} ${url.pathname}`);
}

/** Answers every request to `endpoint` with `answer` until the test ends. */
export function mockEndpoint<E extends Endpoint>(
  endpoint: E,
  answer: Answer<NoInfer<E>>,
): MockedEndpoint<E> {
  const mock: Mock = {
    endpoint,
    ...patternOf(endpoint.path),
    answer: answer as Answer<Endpoint>,
    queued: [],
    calls: [],
  };
  mocks.set(endpoint, mock);
  globalThis.fetch = answerRequest as typeof fetch;
  return {
    calls: mock.calls as Array<ReceivedCall<E>>,
    answer(next) {
      mock.answer = next as Answer<Endpoint>;
    },
    once(next) {
      mock.queued.push(next as Answer<Endpoint>);
    },
  };
}

/**
 * Forgets every answer; throws when a request of the finished test found none, so a call the
 * test did not expect cannot pass as a silent network error. Runs after each test (jest setup).
 */
export function resetEndpointMocks(): void {
  mocks.clear();
  // Every test is a new page: no answer is cached from the one before.
  queryClient.clear();
  const missed = unexpected;
  unexpected = [];
  if (missed.length > 0) throw new Error(`requests no test answered: ${missed.join(', ')}`);
}

/** The alerts and confirmations the test's screens showed, in order. */
export interface Dialogs {
  alerts: string[];
  confirms: string[];
  /** What the following confirmations answer (true, accept, unless set). */
  answerConfirms(accept: boolean): void;
}

/** Collects window.alert and window.confirm for the rest of the test. */
export function collectDialogs(): Dialogs {
  let accept = true;
  const dialogs: Dialogs = {
    alerts: [],
    confirms: [],
    answerConfirms(next) {
      accept = next;
    },
  };
  jest.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    dialogs.alerts.push(String(message));
  });
  jest.spyOn(window, 'confirm').mockImplementation((message?: string) => {
    dialogs.confirms.push(String(message));
    return accept;
  });
  return dialogs;
}

/**
 * Collects the names of the files the test's screens hand to the browser to save (a CSV export)
 * for the rest of the test; what was asked for is in the endpoint mock's `calls`.
 */
export function collectDownloads(): { fileNames: string[] } {
  const fileNames: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    fileNames.push(this.download);
  });
  return { fileNames };
}

export { endpoints };

/**
 * Signs a user of the given role in for `useCurrentUser` and `useCanWrite`: a session token (when
 * the test has none) and the server's answer about who holds it.
 */
export function mockCurrentUser(
  role: Role = 'staff',
): MockedEndpoint<typeof endpoints.getCurrentUser> {
  if (!useSession.getState().token) useSession.setState({ token: 'test-token' });
  return mockEndpoint(endpoints.getCurrentUser, {
    user: { id: 1, name: 'Me', email: 'me@test.local', role },
  });
}

/**
 * Testing Library's render inside the providers the shell gives every screen (the page's cache of
 * server answers, emptied after each test).
 */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderDom(ui, { ...options, wrapper: DataProvider });
}

/** Renders a screen and lets its first loads settle, so no update lands outside act(). */
export async function renderSettled(ui: ReactElement) {
  const result = render(ui);
  // The cache tells components of an answer in a task of its own (TanStack Query's scheduler),
  // after the answer's own microtasks: wait for those tasks too.
  for (let turn = 0; turn < 3; turn += 1)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return result;
}
export { axeViolations, BROWSER_ONLY_RULES } from './axe';

/** A ledger account as the chart answers it: a starting-chart account, open, with no postings. */
export const ledgerAccount = (
  id: number,
  code: string,
  name: string,
  type: LedgerAccount['type'],
  more: Partial<LedgerAccount> = {},
): LedgerAccount => ({
  id,
  code,
  name,
  type,
  parentId: null,
  origin: 'chart',
  closed: false,
  balance: 0,
  hasPostings: false,
  bookable: true,
  ...more,
});
