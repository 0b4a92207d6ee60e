// Picks one kind of record's texts out of the contract catalogue by name. The catalogue keys
// follow one pattern per kind (userAdded, confirmDeleteUser, ...), so the template types below
// are checked against it: a missing text is a compile error, not a blank alert. The failure
// texts of each call come with its endpoint.
import type { PeopleEndpoints } from './people-config';
import type { PeopleMessages } from './types';
import { messages } from 'shared-ui';

export type PeopleKind = 'User' | 'Employee' | 'Client';

const NOUN = { User: 'user', Employee: 'employee', Client: 'client' } as const;

export function peopleMessages(kind: PeopleKind, endpoints: PeopleEndpoints): PeopleMessages {
  const noun = NOUN[kind];
  return {
    added: messages[`${noun}Added`],
    updated: messages[`${noun}Updated`],
    deleted: messages[`${noun}Deleted`],
    confirmDelete: messages[`confirmDelete${kind}`],
    fetch: endpoints.list.texts,
    add: endpoints.add.texts,
    update: endpoints.update.texts,
    remove: endpoints.remove.texts,
  };
}
