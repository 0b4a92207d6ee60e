export { PeopleScreen } from './PeopleScreen';
export type { PeopleScreenProps } from './PeopleScreen';
export { createPeopleConfig } from './people-config';
export type { PeoplePageDefinition } from './people-config';
export type { PeoplePaths } from './people-api';
export type { PeopleKind } from './people-messages';
export { NAME_FIELD, EMAIL_FIELD } from './common-fields';
export type * from './types';
