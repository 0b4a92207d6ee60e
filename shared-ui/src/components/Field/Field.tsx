import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './Field.css';

/** What a control gets from its Field beyond its id: marked refused, described by its texts. */
export interface ControlDescription {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: string;
  /** Receives the id the label points at; put it on the control, with the description. */
  children: (id: string, described: ControlDescription) => ReactNode;
  hint?: ReactNode;
  /** Set when the value was refused: the control is marked invalid and the text shown beside it. */
  error?: string;
}

/** A label above one form control; every input of the product gets its name from one of these. */
export function Field({ label, children, hint, error }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const described: ControlDescription = {
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className="ofs-field">
      <label htmlFor={id} className="ofs-field__label">
        {label}
      </label>
      {children(id, described)}
      {hint && (
        <span id={hintId} className="ofs-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="ofs-field__error">
          {error}
        </span>
      )}
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
  hint?: ReactNode;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text-like input (text, email, password, number). */
export function TextField({
  label,
  value,
  onChange,
  className,
  hint,
  error,
  inputRef,
  ...rest
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, described) => (
        <input
          {...rest}
          {...described}
          ref={inputRef}
          id={id}
          className={['ofs-input', className].filter(Boolean).join(' ')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
