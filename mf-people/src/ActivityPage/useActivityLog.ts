// The data of the activity log: the filtered, paged list (shared-ui's useFilteredList over the
// contract's activity screen) and the users the Who picker offers.
import type { User } from 'contract/browser';
import { endpoints, useApiQuery, useFilteredList } from 'shared-ui';

/** The filters of the form, in its order, with their labels (to name one that is not valid). */
export const FILTERS = {
  who: 'Who',
  kind: 'Kind of record',
  action: 'Action',
  from: 'From',
  to: 'To',
  record: 'Record id',
} as const;
export type FilterName = keyof typeof FILTERS;

const NO_USERS: User[] = [];

export function useActivityLog() {
  const list = useFilteredList({
    screen: 'activity',
    labels: FILTERS,
    position: 'after',
    // Addresses written before this release page with `before` (a row id): still read.
    deprecatedPosition: 'before',
    list: endpoints.listActivity,
    query: (filters, after, before) =>
      after ? { ...filters, after } : { ...filters, before: before as number | undefined },
    csv: endpoints.activityCsv,
    // A refusal (staff) is shown in place of the log.
    onError: 'quiet',
  });
  // The picker is a convenience: without it the other filters still work.
  const users = useApiQuery(endpoints.listUsers, undefined, { onError: 'quiet' });
  return { ...list, users: users.data?.users ?? NO_USERS };
}
