// The one cache of server answers in the browser. shared-ui is a federation singleton, so this
// client exists once per page: the shell provides it (DataProvider), a remote's standalone host
// does the same, and a remote's screens inside the shell read and write the shell's cache.
import { QueryCache, QueryClient, isCancelledError } from '@tanstack/react-query';
import type { Topic } from 'contract/browser';
import { notify } from '../notify/notify';
import { errorMessage } from '../http/api-client';

/**
 * What a screen does when a read fails, given as a query's `meta.onError`: `alert` shows the
 * call's text (the server's message, else the endpoint's error text), `log` writes it to the
 * console only (the dashboard's figures), `quiet` leaves it to the screen.
 */
export type ReadFailure = 'alert' | 'log' | 'quiet';

export interface ApiQueryMeta extends Record<string, unknown> {
  onError?: ReadFailure;
  /** The text shown for a failure that brought none (the endpoint's error text). */
  errorText?: string;
  /** The contract's topics the read's answer is made of: a write that changes one refreshes it. */
  reads?: readonly Topic[];
}

/** A client with the product's defaults; tests and hosts may make their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // One alert per failed request, however many components show its answer.
    queryCache: new QueryCache({
      onError(error, query) {
        // A read given up on (the screen went away, the cache was emptied) is no failure.
        if (isCancelledError(error)) return;
        const meta = (query.meta ?? {}) as ApiQueryMeta;
        const onError = meta.onError ?? 'alert';
        if (onError === 'alert') notify(errorMessage(error, meta.errorText ?? error.message));
        if (onError === 'log') console.error(meta.errorText ?? 'Could not load', error);
      },
    }),
    defaultOptions: {
      queries: {
        // A failed call is shown at once, as before; the user repeats it (Apply, a reload).
        retry: false,
        // A screen asks again when it is opened, not when the window regains focus.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The page's client. */
export const queryClient = createQueryClient();
