// Turns what a page declares (its kind, tab name, fields and paths) into a screen configuration,
// so the texts and the API calls of a kind of record are wired the same way on every page.
import { createPeopleApi } from './people-api';
import type { PeoplePaths } from './people-api';
import { peopleMessages } from './people-messages';
import type { PeopleKind } from './people-messages';
import type { PeopleScreenConfig, PersonField, PersonRecord } from './types';

export interface PeoplePageDefinition {
  kind: PeopleKind;
  title: string;
  manageTab: string;
  fields: PersonField[];
  paths: PeoplePaths;
}

export function createPeopleConfig<Row extends PersonRecord>({
  kind,
  title,
  manageTab,
  fields,
  paths,
}: PeoplePageDefinition): PeopleScreenConfig<Row> {
  const messages = peopleMessages(kind);
  return {
    title,
    manageTab,
    noun: kind,
    fields,
    messages,
    api: createPeopleApi<Row>(paths, messages),
  };
}
