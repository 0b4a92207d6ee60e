import type { Ref } from 'react';
import { Field } from '../Field';

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** Set when the value was refused: marked invalid, the text shown beside it. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled native date input; its value is the `YYYY-MM-DD` string the API takes. */
export function DateInput({ label, value, onChange, name, error, inputRef }: DateInputProps) {
  return (
    <Field label={label} error={error}>
      {(id, described) => (
        <input
          {...described}
          ref={inputRef}
          id={id}
          name={name}
          type="date"
          className="ofs-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
