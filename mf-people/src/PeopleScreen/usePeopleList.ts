import { useApiQuery } from 'shared-ui';
import type { PeopleScreenConfig, PersonRecord } from './types';

const NO_ROWS: never[] = [];

/**
 * The records of one screen, read through the page's cache: the Add tab's add, the modal's save
 * and the list's delete refresh it (the contract's topics), whichever tab shows it.
 */
export function usePeopleList<Row extends PersonRecord>(config: PeopleScreenConfig<Row>) {
  const list = useApiQuery(config.endpoints.list, undefined);
  // Lists always come in a field called users (docs/product.md#calls), for employees and clients too.
  const rows = (list.data?.users as unknown as Row[] | undefined) ?? NO_ROWS;
  return { rows, loading: list.isPending };
}
