export { PeopleList, PAGE_SIZE } from './PeopleList';
export type { PeopleListProps } from './PeopleList';
