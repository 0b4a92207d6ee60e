// Builds the four calls of one kind of record on the shared API client, each with its texts
// from the catalogue, so a page only names its paths.
import { api } from 'shared-ui';
import type { PeopleApi, PeopleMessages, PersonRecord, PersonValues } from './types';

export interface PeoplePaths {
  list: string;
  add: string;
  /** Joined with `/{id}`. */
  update: string;
  /** Joined with `/{id}`. */
  remove: string;
}

export function createPeopleApi<Row extends PersonRecord>(
  paths: PeoplePaths,
  messages: PeopleMessages,
): PeopleApi<Row> {
  return {
    async list() {
      const response = await api.get<{ users?: unknown } | undefined>(paths.list, messages.fetch);
      // Lists always come in a field called users (spec §7), for employees and clients too.
      return Array.isArray(response?.users) ? (response.users as Row[]) : [];
    },
    add: (body: PersonValues) => api.post(paths.add, body, messages.add),
    update: (id: number, body: PersonValues) =>
      api.put(`${paths.update}/${id}`, body, messages.update),
    remove: (id: number) => api.del(`${paths.remove}/${id}`, messages.remove),
  };
}
