// What a write leaves stale, from the contract alone: every call says which topics it reads (a
// GET) or changes (a write), and after a successful write every cached read that reads a topic
// the write changed is asked again (on screen) or marked stale (off screen). A new call is
// described in the contract and refreshes what it should without any change here.
import type { Query, QueryClient } from '@tanstack/react-query';
import { changesWhatItReads, endpoints, type Endpoint, type Topic } from 'contract/browser';
import type { ApiQueryMeta } from './query-client';

const table = endpoints as Readonly<Record<string, Endpoint>>;

/**
 * The topics a cached read reads: those its read was made with (`meta.reads`, from the endpoint
 * the screen read), else those of the endpoint its key names (an answer put in the cache by hand).
 */
export function readsOf(query: Pick<Query, 'meta' | 'queryKey'>): readonly Topic[] {
  const meta = query.meta as ApiQueryMeta | undefined;
  if (meta?.reads) return meta.reads;
  const [name] = query.queryKey;
  return typeof name === 'string' && Object.hasOwn(table, name) ? (table[name]?.reads ?? []) : [];
}

/**
 * Refreshes what a successful write changed: a write that answers with a read's new state gives
 * the cache that answer as the read's (`answersRead`), and every other cached read of a topic the
 * write changes is asked again. Resolves once the reads on screen are fresh.
 */
export async function refreshAfter(
  client: QueryClient,
  endpoint: Pick<Endpoint, 'changes' | 'answersRead'>,
  answer?: unknown,
): Promise<void> {
  const answered = endpoint.answersRead ? [endpoint.answersRead, {}] : undefined;
  if (answered) client.setQueryData(answered, answer);
  const fresh = answered && client.getQueryCache().find({ queryKey: answered, exact: true });
  if ((endpoint.changes ?? []).length === 0) return;
  await client.invalidateQueries({
    predicate: (query) =>
      query !== fresh && changesWhatItReads(endpoint, { reads: readsOf(query) }),
  });
}
