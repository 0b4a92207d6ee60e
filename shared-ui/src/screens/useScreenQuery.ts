// A screen's query, typed by the contract's description of the screen, read from the router's
// address and written back to it: a filter state is a link, and back and forward move between
// filter states.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { queryText, readQuery, type ScreenName, type ScreenQuery } from 'contract/browser';

/** The query of screen `screen` in the address, typed; values that do not read are left out. */
export function useScreenQuery<S extends ScreenName>(screen: S): ScreenQuery<S> {
  const [params] = useSearchParams();
  const search = params.toString();
  return useMemo(() => readQuery(screen, search), [screen, search]);
}

/**
 * A function that puts `query` in the address of screen `screen` (a new history entry; `replace`
 * keeps the current one). The address then holds exactly these parameters.
 */
export function useSetScreenQuery<S extends ScreenName>(
  screen: S,
): (query: ScreenQuery<S>, options?: { replace?: boolean }) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (query, options) => setParams(queryText(screen, query), { replace: options?.replace ?? false }),
    [screen, setParams],
  );
}

/** The query of the page's address as screen `screen` reads it, without a router (read once). */
export const addressQuery = <S extends ScreenName>(screen: S): ScreenQuery<S> =>
  readQuery(screen, window.location.search);

/**
 * Puts a screen's query in the page's address without a new history entry or a router, so the
 * state on screen is a link (bookmark, share, new tab).
 */
export function replaceAddressQuery<S extends ScreenName>(screen: S, query: ScreenQuery<S>): void {
  const text = queryText(screen, query);
  const url = `${window.location.pathname}${text ? `?${text}` : ''}${window.location.hash}`;
  window.history.replaceState(window.history.state, '', url);
}
