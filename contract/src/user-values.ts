// The values of users.ts that the browser reads (`contract/browser`), apart from the schemas that
// users.ts builds from them.
// The user messages alone, not the whole catalogue (messages.ts): a screen that shows a person
// should not download every message of the API.
import { userMessages } from './user-messages.js';
import type { Role, Person } from './users.js';

/** Whether a role may make writes (calls for which `isWrite` holds): every role but `viewer`. */
export const canWrite = (role: Role): boolean => role !== 'viewer';

/** How history shows a person: `Sam <sam@x.com>`, or `Sam (former user) <sam@x.com>`. */
export const personText = (person: Person): string =>
  `${person.name}${person.former ? ` ${userMessages.formerUser}` : ''} <${person.email}>`;
