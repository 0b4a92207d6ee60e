import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import './Field.css';

export interface FieldProps {
  label: string;
  /** Receives the id the label points at; put it on the control. */
  children: (id: string) => ReactNode;
  hint?: string;
}

/** A label above one form control; every input of the product gets its name from one of these. */
export function Field({ label, children, hint }: FieldProps) {
  const id = useId();
  return (
    <div className="ofs-field">
      <label htmlFor={id} className="ofs-field__label">
        {label}
      </label>
      {children(id)}
      {hint && <span className="ofs-field__hint">{hint}</span>}
    </div>
  );
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text-like input (text, email, password, number). */
export function TextField({ label, value, onChange, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          {...rest}
          id={id}
          className={['ofs-input', className].filter(Boolean).join(' ')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
