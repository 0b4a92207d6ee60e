// The fields that depend on the kind of entry, as every entry form shows them: the kind (where it
// is chosen), its party and its Credit/Debit. The entry forms, Correct, Recurring and the rules
// render them; what each kind offers comes from entry-kinds.
import type { ReactNode, Ref } from 'react';
import type { EntryKind as KindName } from 'contract/browser';
import { Select } from 'shared-ui';
import { KIND_OPTIONS, onlyCreditDebit, type EntryKind, type PickerOption } from '../entry-kinds';

interface PickerProps {
  value: string;
  onChange: (value: string) => void;
  /** The form field's name; left out, the picker has none. */
  name?: string;
  /** The first, empty option; left out, none. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

export interface EntryFieldsProps {
  kind: EntryKind;
  /** A Kind picker first (Recurring, the rules); left out, the kind is fixed. */
  kindPicker?: { name?: string; onChange: (kind: KindName) => void };
  party: PickerProps & {
    options: PickerOption[];
    /** What the picker is called; the kind's party name by default. */
    label?: string;
  };
  /** The Credit/Debit picker, offering the kind's values; left out, none. */
  creditDebit?: PickerProps & {
    /** Shown only where the kind leaves a choice (Correct: income only). */
    onlyWithChoice?: boolean;
  };
  /** Shown between the party and Credit/Debit: what is known of the party chosen. */
  children?: ReactNode;
}

export function EntryFields({ kind, kindPicker, party, creditDebit, children }: EntryFieldsProps) {
  const { label = kind.partyName, ...partyPicker } = party;
  const { onlyWithChoice, ...creditDebitPicker } = creditDebit ?? {};
  return (
    <>
      {kindPicker && (
        <Select
          label="Kind"
          name={kindPicker.name}
          value={kind.kind}
          options={KIND_OPTIONS}
          onChange={(value) => kindPicker.onChange(value as KindName)}
        />
      )}
      <Select label={label} {...partyPicker} />
      {children}
      {creditDebit && !(onlyWithChoice && onlyCreditDebit(kind)) && (
        <Select
          label="Credit/Debit"
          {...(creditDebitPicker as PickerProps)}
          options={kind.creditDebit.map((value) => ({ value, label: value }))}
        />
      )}
    </>
  );
}
