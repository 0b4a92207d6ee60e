// A form's draft: its values as typed, changed a few at a time, and a text field bound to one of
// them (the field's value and its change handler), as the entries screens' small forms keep them.
import { useState } from 'react';

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

export function useDraft<F extends object>(empty: () => F) {
  const [draft, setDraft] = useState(empty);
  const set = (next: Partial<F>) => setDraft((all) => ({ ...all, ...next }));
  /** `value` and `onChange` for a field that edits the draft's text `key`. */
  const bind = <K extends TextKeys<F>>(key: K) => ({
    value: draft[key] as string,
    onChange: (value: string) => set({ [key]: value } as Partial<F>),
  });
  return { draft, setDraft, set, bind };
}
