export { Field, TextField } from './Field';
export type { FieldProps, TextFieldProps } from './Field';
export { Checkbox } from './Checkbox';
export type { CheckboxProps } from './Checkbox';
