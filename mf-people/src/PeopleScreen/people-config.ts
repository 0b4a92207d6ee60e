// Turns what a page declares (its kind, tab name, fields and endpoints) into a screen
// configuration, so the texts and the API calls of a kind of record are wired the same way on
// every page.
import type { endpoints } from 'shared-ui';
import { peopleMessages } from './people-messages';
import type { PeopleKind } from './people-messages';
import type { PeopleScreenConfig, PersonField, PersonRecord } from './types';

type E = typeof endpoints;

/** The four calls of one kind of record (docs/product.md#calls). */
export interface PeopleEndpoints {
  list: E['listUsers'] | E['listEmployees'] | E['listClients'];
  add: E['registerUser'] | E['addEmployee'] | E['addClient'];
  update: E['updateUser'] | E['updateEmployee'] | E['updateClient'];
  remove: E['deleteUser'] | E['deleteEmployee'] | E['deleteClient'];
}

export interface PeoplePageDefinition {
  kind: PeopleKind;
  title: string;
  manageTab: string;
  fields: PersonField[];
  endpoints: PeopleEndpoints;
  /** Whose balances the list shows (Manage Clients, Manage Employees). */
  balances?: 'client' | 'employee';
}

export function createPeopleConfig<Row extends PersonRecord>({
  kind,
  title,
  manageTab,
  fields,
  endpoints,
  balances,
}: PeoplePageDefinition): PeopleScreenConfig<Row> {
  return {
    balances,
    title,
    manageTab,
    noun: kind,
    fields,
    messages: peopleMessages(kind, endpoints),
    endpoints,
  };
}
