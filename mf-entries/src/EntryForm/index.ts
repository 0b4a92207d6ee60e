export { EntryForm } from './EntryForm';
export type { EntryFormProps } from './EntryForm';
