// A form's draft: its values as typed, changed a few at a time, and a text field bound to one of
// them (the field's value and its change handler), as the entries screens' small forms keep them.
import { useState } from 'react';

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * `name`, `value` and `onChange` of a field bound to the draft's text of the same name, for a form
 * whose draft and its `change(name)` are kept by a hook of its own or by its parent.
 */
export const fieldOf =
  <N extends string>(draft: Record<N, string>, change: (name: N) => (value: string) => void) =>
  (name: N) => ({ name, value: draft[name], onChange: change(name) });

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
