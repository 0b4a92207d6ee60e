export { AddPersonForm } from './AddPersonForm';
export type { AddPersonFormProps } from './AddPersonForm';
