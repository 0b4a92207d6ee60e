// The building block of a filtered, paged, downloadable list (the journal, the activity log):
// the filters and the page position live in the screen's address (the contract's screen query),
// so a view is a link and back/forward move between views; the form's draft follows the address;
// the page is read through the page's cache; the CSV takes the same filters.
import { useState } from 'react';
import {
  messages,
  readQuery,
  unreadableParams,
  type Endpoint,
  type EndpointResult,
  type ScreenName,
  type ScreenQuery,
} from 'contract/browser';
import { download, errorMessage, type FileEndpoint } from '../../http/api-client';
import { notify } from '../../notify/notify';
import { useApiQuery } from '../../data/api-query';
import type { ReadFailure } from '../../data/query-client';
import { useScreenQuery, useSetScreenQuery } from '../../screens';

type Key<S extends ScreenName> = keyof ScreenQuery<S> & string;

export interface FilteredListConfig<
  S extends ScreenName,
  F extends Key<S>,
  P extends Key<S>,
  E extends Endpoint,
> {
  screen: S;
  /** The form's filters in its order, with the labels that name one that is not valid. */
  labels: Readonly<Record<F, string>>;
  /** The address parameter of the page position: `after`, the `next` of the previous page. */
  position: P;
  /**
   * An older name of the position that addresses written before may still carry (the
   * activity's `before`): read for one release, never written (the pager writes `position`).
   */
  deprecatedPosition?: Key<S>;
  /** The list's call and its query for the filters and the position (or the older one). */
  list: E;
  query: (
    filters: Omit<ScreenQuery<S>, P>,
    position: ScreenQuery<S>[P],
    deprecatedPosition?: unknown,
  ) => object;
  /** The CSV of every row the filters match. */
  csv: FileEndpoint;
  /** What a failure to read the page does: alert (default), or quiet (the screen shows `error`). */
  onError?: ReadFailure;
}

/** The form's text of each filter. */
export type FilterDraft<F extends string> = Record<F, string>;

const draftOf = <F extends string>(names: readonly F[], filters: Record<string, unknown>) =>
  Object.fromEntries(
    names.map((name) => [name, filters[name] === undefined ? '' : String(filters[name])]),
  ) as FilterDraft<F>;

export function useFilteredList<
  S extends ScreenName,
  F extends Key<S>,
  P extends Key<S>,
  E extends Endpoint,
>(config: FilteredListConfig<S, F, P, E>) {
  const { screen, labels, position: positionName, list, csv } = config;
  const names = Object.keys(labels) as F[];
  const address = useScreenQuery(screen);
  const setAddress = useSetScreenQuery(screen);
  const {
    [positionName]: position,
    [config.deprecatedPosition ?? positionName]: deprecatedPosition,
    ...filters
  } = address as Record<string, unknown>;
  const filterKey = JSON.stringify(filters);

  // The form follows the address (back and forward, Clear, a link): set again whenever the
  // filters in the address change, during render rather than in an effect.
  const [draft, setDraft] = useState(() => draftOf(names, filters));
  const [draftFor, setDraftFor] = useState(filterKey);
  if (draftFor !== filterKey) {
    setDraftFor(filterKey);
    setDraft(draftOf(names, filters));
  }
  const [downloading, setDownloading] = useState(false);

  const page = useApiQuery(
    list,
    {
      query: config.query(
        filters as Omit<ScreenQuery<S>, P>,
        position as ScreenQuery<S>[P],
        deprecatedPosition,
      ),
    } as never,
    { onError: config.onError ?? 'alert' },
  );

  /** The draft's text (with any filters `also` sets), trimmed, as the address's parameters. */
  const draftParams = (also: Partial<FilterDraft<F>> = {}) => {
    const wanted: Partial<FilterDraft<F>> = { ...draft, ...also };
    return { get: (name: string) => wanted[name as F]?.trim() ?? null };
  };

  return {
    draft,
    /** Changes one filter of the draft (and any others `also` gives). */
    change: (name: F, also?: Partial<FilterDraft<F>>) => (value: string) =>
      setDraft((previous) => ({ ...previous, [name]: value, ...also })),
    /** The filters in the address (what the page, its totals and the CSV are asked for). */
    filters: filters as Omit<ScreenQuery<S>, P>,
    /** Where the page starts (undefined: the first page), in either form. */
    position: (position ?? deprecatedPosition) as ScreenQuery<S>[P] | undefined,
    /**
     * Puts the draft in the address (with the filters `also` sets: a period chosen in one
     * click), or names the filters that are not valid.
     */
    apply: (also?: Partial<FilterDraft<F>>) => {
      const params = draftParams(also);
      const wrong = unreadableParams(screen, params) as F[];
      if (wrong.length > 0) {
        notify(`${messages.filterNotValid}: ${wrong.map((name) => labels[name]).join(', ')}`);
        return;
      }
      if (also) setDraft((previous) => ({ ...previous, ...also }));
      setAddress(readQuery(screen, params));
    },
    /** How many filters the address applies (a Filters button shows it). */
    activeCount: names.filter((name) => {
      const value = (filters as Record<string, unknown>)[name];
      return value !== undefined && value !== '';
    }).length,
    clear: () => setAddress({}),
    /** Opens the page at a position (none: the first page) with the same filters. */
    goTo: (at: ScreenQuery<S>[P] | null) =>
      setAddress({ ...filters, [positionName]: at ?? undefined } as ScreenQuery<S>),
    /** The page of rows; `rows` is undefined until the page for the address is in. */
    page: page.data as EndpointResult<E> | undefined,
    loading: page.isPending || (page.isFetching && page.isPlaceholderData),
    error: page.error ? errorMessage(page.error, list.texts.error) : undefined,
    downloading,
    downloadCsv: async () => {
      setDownloading(true);
      try {
        await (download as (e: FileEndpoint, input: object) => Promise<void>)(csv, {
          query: filters,
        });
      } catch (error) {
        notify(errorMessage(error, csv.texts.error));
      } finally {
        setDownloading(false);
      }
    },
  };
}
