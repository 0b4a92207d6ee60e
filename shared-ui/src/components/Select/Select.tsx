import type { ReactNode, Ref } from 'react';
import { Field } from '../Field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  /** First, empty option (e.g. "Select client"); omitted when not given. */
  placeholder?: string;
  name?: string;
  disabled?: boolean;
  /** A short text under the picker (what the choices mean, a figure about the chosen one). */
  hint?: ReactNode;
  /** Set when the choice was refused: marked invalid, the text shown beside it. */
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled picker (client, employee, expense type, year, Credit/Debit). */
export function Select({
  label,
  value,
  onChange,
  options,
  placeholder,
  name,
  disabled,
  hint,
  error,
  selectRef,
}: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, described) => (
        <select
          {...described}
          ref={selectRef}
          id={id}
          name={name}
          className="ofs-input"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
