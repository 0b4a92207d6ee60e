export { Field, TextField } from './Field';
export type { FieldProps, TextFieldProps } from './Field';
