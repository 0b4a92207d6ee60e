import { useApiWrite } from 'shared-ui';
import type { PeopleScreenConfig, PersonBody, PersonRecord } from './types';

/**
 * The three writes of one kind of record (docs/product.md#calls), each with the kind's alerts.
 * Each resolves once the list on screen shows its result and the alert was shown: true when the
 * write succeeded.
 */
export function usePersonWrites<Row extends PersonRecord>(config: PeopleScreenConfig<Row>) {
  const { messages } = config;
  const add = useApiWrite(config.endpoints.add, {
    success: messages.added,
    errorText: messages.add.error,
  });
  const update = useApiWrite(config.endpoints.update, {
    success: messages.updated,
    errorText: messages.update.error,
  });
  const remove = useApiWrite(config.endpoints.remove, {
    success: messages.deleted,
    errorText: messages.remove.error,
  });
  return {
    // The form's values are shaped by the page's fields, which are typed by the body schema.
    add: async (body: PersonBody) => (await add.run({ body: body as never })).ok,
    update: async (id: number, body: PersonBody) =>
      (await update.run({ params: { id }, body: body as never })).ok,
    remove: async (id: number) => (await remove.run({ params: { id } })).ok,
  };
}
