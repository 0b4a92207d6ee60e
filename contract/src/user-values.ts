// The values of users.ts that the browser reads (`contract/browser`), apart from the schemas that
// users.ts builds from them.
import { messages } from './messages.js';
import type { Role, Person } from './users.js';

/** Whether a role may make writes (calls for which `isWrite` holds): every role but `viewer`. */
export const canWrite = (role: Role): boolean => role !== 'viewer';

/** How history shows a person: `Sam <sam@x.com>`, or `Sam (former user) <sam@x.com>`. */
export const personText = (person: Person): string =>
  `${person.name}${person.former ? ` ${messages.formerUser}` : ''} <${person.email}>`;
