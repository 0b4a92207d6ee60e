// Picks one kind of record's texts out of the contract catalogue by name. The catalogue keys
// follow one pattern per kind (userAdded, failedAddUser, errorAddingUser, ...), so the template
// types below are checked against it: a missing text is a compile error, not a blank alert.
import { messages } from 'contract';
import type { PeopleMessages } from './types';

export type PeopleKind = 'User' | 'Employee' | 'Client';

const NOUN = { User: 'user', Employee: 'employee', Client: 'client' } as const;

export function peopleMessages(kind: PeopleKind): PeopleMessages {
  const noun = NOUN[kind];
  return {
    added: messages[`${noun}Added`],
    updated: messages[`${noun}Updated`],
    deleted: messages[`${noun}Deleted`],
    confirmDelete: messages[`confirmDelete${kind}`],
    fetch: { failure: messages[`failedFetch${kind}s`], error: messages[`errorFetching${kind}s`] },
    add: { failure: messages[`failedAdd${kind}`], error: messages[`errorAdding${kind}`] },
    update: { failure: messages[`failedUpdate${kind}`], error: messages[`errorUpdating${kind}`] },
    remove: { failure: messages[`failedDelete${kind}`], error: messages[`errorDeleting${kind}`] },
  };
}
