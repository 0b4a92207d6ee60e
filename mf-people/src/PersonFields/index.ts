export { PersonFields } from './PersonFields';
export type { PersonFieldsProps } from './PersonFields';
