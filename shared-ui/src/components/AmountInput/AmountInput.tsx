// The one input for an amount of money, wherever one is typed (the entry forms, the Journal's
// amount filters, budgets, salaries, payroll): thousands separators may be typed (`12,500.50`),
// and a valid amount is shown grouped with two decimals (`1234567.5` reads `1,234,567.50`) except
// while it is being typed. The shown text does not change when the field gets the keyboard (a
// Tab selects it all, and what is typed then replaces it). The value itself stays as typed:
// `plainAmount` reads it as the plain amount a request carries, exactly.
import { useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { centsText, formatMoney, parseMoney } from 'contract/browser';
import { Field } from '../Field';

/** The typed amount as plain decimal text (`1234567.50`), or null when it is not an amount. */
export function plainAmount(text: string): string | null {
  const cents = parseMoney(text);
  return cents === null ? null : centsText(cents);
}

/** The typed amount as the field shows it once left: grouped, two decimals; else as typed. */
export function groupedAmount(text: string): string {
  const cents = parseMoney(text);
  return cents === null || text.trim().startsWith('-') ? text : formatMoney(centsText(cents));
}

export interface AmountInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'type'
> {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A bare amount input (label it with `aria-label` or a Field). */
export function AmountInput({
  value,
  onChange,
  onBlur,
  className,
  inputRef,
  ...rest
}: AmountInputProps) {
  // Typed into since the field got the keyboard: shown as typed until it is left.
  const [typing, setTyping] = useState(false);
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      ref={inputRef}
      className={['ofs-input', className].filter(Boolean).join(' ')}
      value={typing ? value : groupedAmount(value)}
      onChange={(event) => {
        setTyping(true);
        onChange(event.target.value);
      }}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
    />
  );
}

export interface AmountFieldProps extends AmountInputProps {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled amount input. */
export function AmountField({ label, hint, error, ...input }: AmountFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, described) => <AmountInput {...input} {...described} id={id} />}
    </Field>
  );
}
