import { Field } from '../Field';

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
}

/** A labelled native date input; its value is the `YYYY-MM-DD` string the API takes. */
export function DateInput({ label, value, onChange, name }: DateInputProps) {
  return (
    <Field label={label}>
      {(id) => (
        <input
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
