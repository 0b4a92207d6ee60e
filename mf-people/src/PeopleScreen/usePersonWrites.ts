import { useApiMutation } from 'shared-ui';
import type { PeopleScreenConfig, PersonBody, PersonRecord } from './types';

/**
 * The three writes of one kind of record (docs/product.md#calls). Each resolves once the list on screen shows
 * its result; each rejects with the text to show.
 */
export function usePersonWrites<Row extends PersonRecord>(config: PeopleScreenConfig<Row>) {
  const add = useApiMutation(config.endpoints.add);
  const update = useApiMutation(config.endpoints.update);
  const remove = useApiMutation(config.endpoints.remove);
  return {
    // The form's values are shaped by the page's fields, which are typed by the body schema.
    add: (body: PersonBody) => add.mutateAsync({ body: body as never }),
    update: (id: number, body: PersonBody) =>
      update.mutateAsync({ params: { id }, body: body as never }),
    remove: (id: number) => remove.mutateAsync({ params: { id } }),
  };
}
