// The two fields every kind of person has, labelled the same on every screen.
import type { PersonField } from './types';

export const NAME_FIELD: PersonField<'name'> = { name: 'name', label: 'Name', kind: 'text' };
export const EMAIL_FIELD: PersonField<'email'> = { name: 'email', label: 'Email', kind: 'email' };
