export { PeopleScreen } from './PeopleScreen';
export type { PeopleScreenProps } from './PeopleScreen';
export { createPeopleConfig } from './people-config';
export type { PeopleEndpoints, PeoplePageDefinition } from './people-config';
export type { PeopleKind } from './people-messages';
export { NAME_FIELD, EMAIL_FIELD } from './common-fields';
export type * from './types';
