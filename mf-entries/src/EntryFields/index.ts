export { EntryFields } from './EntryFields';
export type { EntryFieldsProps } from './EntryFields';
export { usePartyOptions } from './usePartyOptions';
