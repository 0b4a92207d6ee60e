// Reading and writing the API through the one cache. A screen reads an endpoint with
// `useApiQuery(endpoints.x, input)` and writes with `useApiMutation(endpoints.y)`; it holds no
// loading effect, staleness key or "current" flag of its own. Requests for the same endpoint and
// input share one answer (and one request while it travels); the key starts with the endpoint's
// name and the read carries the contract's topics it reads, so a write refreshes the reads whose
// topics it changes (refresh.ts).
import {
  experimental_streamedQuery as streamedQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import {
  endpoints,
  type Endpoint,
  type EndpointInput,
  type EndpointName,
  type EndpointResult,
  type InputOptional,
} from 'contract/browser';
import { call, callTakingEarlyAnswer, type ApiError, type CallOptions } from '../http/api-client';
import { refreshAfter } from './refresh';
import { queryClient, type ApiQueryMeta, type ReadFailure } from './query-client';

/** The table's names by method and path, so that any copy of a description finds its name. */
const names = new Map<string, EndpointName>(
  Object.entries(endpoints).map(([name, endpoint]) => [
    `${endpoint.method} ${endpoint.path}`,
    name as EndpointName,
  ]),
);

/** The contract's name of an endpoint (its operationId). */
export function endpointName(endpoint: Endpoint): EndpointName {
  const name = names.get(`${endpoint.method} ${endpoint.path}`);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not in the endpoint table`);
  return name;
}

/**
 * What a read's key starts with: its endpoint's name, or its method and path when the table of
 * this copy of shared-ui does not have it (a call a remote added): the read still carries its
 * topics, so writes refresh it all the same.
 */
const keyOf = (endpoint: Endpoint): string =>
  names.get(`${endpoint.method} ${endpoint.path}`) ?? `${endpoint.method} ${endpoint.path}`;

/** The cache key of a read: the endpoint's name, then its input (params and query). */
export const apiQueryKey = <E extends Endpoint>(endpoint: E, input?: EndpointInput<E>) =>
  [keyOf(endpoint), input ?? {}] as const;

type Input<E extends Endpoint> =
  InputOptional<E> extends true ? EndpointInput<E> | undefined : EndpointInput<E>;

/** Options of a read beyond its key and call: `enabled`, `placeholderData`, `select`, ... */
export type ApiQueryOptions<E extends Endpoint, TData = EndpointResult<E>> = Omit<
  UseQueryOptions<EndpointResult<E>, ApiError, TData>,
  'queryKey' | 'queryFn' | 'meta'
> & {
  /** What a failure does: alert (default), log, or quiet (the screen shows it). */
  onError?: ReadFailure;
};

/** The key, call, failure handling and topics of a read (what useApiQuery reads with). */
export function readOf<E extends Endpoint>(endpoint: E, input: Input<E>, onError: ReadFailure = 'alert') {
  const meta: ApiQueryMeta = { onError, errorText: endpoint.texts.error, reads: endpoint.reads };
  const send = call as (e: E, i: unknown) => Promise<EndpointResult<E>>;
  return {
    queryKey: apiQueryKey(endpoint, input),
    queryFn: () => send(endpoint, input),
    meta,
  };
}

/**
 * Starts a read before any screen shows it (the dashboard's figures right after sign-in); the
 * screen that then reads the same endpoint and input takes its answer. When the page's start
 * script has already asked the same request, its answer is taken instead of asking again
 * (http/early-answers.ts).
 */
export function prefetchApiQuery<E extends Endpoint>(
  endpoint: E,
  input: NoInfer<Input<E>>,
  onError: ReadFailure = 'alert',
  client: QueryClient = queryClient,
): Promise<void> {
  return client.prefetchQuery({
    ...readOf(endpoint, input, onError),
    queryFn: () => callTakingEarlyAnswer(endpoint, input),
  } as FetchQueryOptions);
}

/** Reads an endpoint through the cache: `data`, `isPending`, `isFetching`, `error`, `refetch`. */
export function useApiQuery<E extends Endpoint, TData = EndpointResult<E>>(
  endpoint: E,
  input: NoInfer<Input<E>>,
  options: ApiQueryOptions<E, TData> = {},
) {
  const { onError, ...rest } = options;
  return useQuery<EndpointResult<E>, ApiError, TData>({
    ...rest,
    ...readOf(endpoint, input, onError),
  });
}

/** How the chunks of a streamed read add up to what the screen shows. */
export interface ApiStream<Chunk, TData> {
  /** The chunks, one request each (pages of a long ledger); `signal` ends when nobody reads. */
  chunks: (signal: AbortSignal) => AsyncIterable<Chunk>;
  reducer: (shown: TData, chunk: Chunk) => TData;
  /** What is shown before the first chunk. */
  initialValue: TData;
}

/**
 * Reads an endpoint in several requests (pages) as one cached answer that grows as they arrive:
 * pending until the first chunk, then `data` with `isFetching` true until the last. Keyed, and
 * refreshed by writes, like `useApiQuery` (`input` is what the chunks are asked for).
 */
export function useApiStream<E extends Endpoint, Chunk, TData>(
  endpoint: E,
  input: unknown,
  stream: ApiStream<Chunk, TData>,
  options: { onError?: ReadFailure; enabled?: boolean } = {},
) {
  const { onError = 'alert', enabled } = options;
  const meta: ApiQueryMeta = { onError, errorText: endpoint.texts.error, reads: endpoint.reads };
  return useQuery<TData, ApiError>({
    queryKey: [keyOf(endpoint), input ?? {}],
    queryFn: streamedQuery<Chunk, TData>({
      streamFn: ({ signal }) => stream.chunks(signal),
      reducer: stream.reducer,
      initialValue: stream.initialValue,
    }),
    meta,
    enabled,
  });
}

/** A write's variables: the endpoint's input and, when needed, extra request headers. */
export type ApiMutationVariables<E extends Endpoint> =
  InputOptional<E> extends true
    ? (EndpointInput<E> & CallOptions) | void
    : EndpointInput<E> & CallOptions;

/** Options of a write beyond its call. */
export type ApiMutationOptions<E extends Endpoint> = Omit<
  UseMutationOptions<EndpointResult<E>, ApiError, ApiMutationVariables<E>>,
  'mutationFn'
>;

/**
 * Writes through an endpoint. `mutateAsync` resolves once the write succeeded and the reads it
 * changes that are on screen have been asked again, so a busy button stays busy until the list
 * shows the change; it rejects with the text to show.
 */
export function useApiMutation<E extends Endpoint>(
  endpoint: E,
  options: ApiMutationOptions<E> = {},
) {
  const client = useQueryClient();
  const send = call as (e: E, i: unknown, o: CallOptions) => Promise<EndpointResult<E>>;
  return useMutation<EndpointResult<E>, ApiError, ApiMutationVariables<E>>({
    ...options,
    mutationFn: (variables: unknown) => {
      const { headers, ...input } = (variables ?? {}) as CallOptions & Record<string, unknown>;
      return send(endpoint, input, { headers });
    },
    onSuccess: async (...args) => {
      await refreshAfter(client, endpoint, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}
