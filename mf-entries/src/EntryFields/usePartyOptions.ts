import type { EntryKind } from 'contract/browser';
import { endpoints, useApiQuery } from 'shared-ui';
import { KINDS, type PickerOption } from '../entry-kinds';

const NO_OPTIONS: PickerOption[] = [];

/**
 * The options of a kind's party picker (every party of its list, by name), read through the
 * page's cache; none while no kind is chosen, while `enabled` is false or the list is unread. A
 * failed list leaves the picker empty without a pop-up: the form says what is missing on save.
 */
export function usePartyOptions(kind: EntryKind | undefined, enabled = true) {
  const parties = useApiQuery(kind ? KINDS[kind].list : endpoints.listClients, undefined, {
    enabled: enabled && kind !== undefined,
    onError: 'quiet',
  });
  return {
    options: kind && parties.data ? KINDS[kind].options(parties.data) : NO_OPTIONS,
    isPending: parties.isPending,
  };
}
