// The filters a screen's figures were asked for, apart from the ones being typed: applying
// other filters asks for them; applying the same ones again asks again, since the figures may
// have changed meanwhile (entries recorded elsewhere).
import { useState } from 'react';

/** The filters as text, their names in order (so `{ to, from }` equals `{ from, to }`). */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_name, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : 1)))
      : part,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export function useAppliedFilters<T>(initial: T | (() => T)) {
  const [applied, setApplied] = useState<T>(initial);
  return {
    /** What the figures on screen are asked for. */
    applied,
    /** Asks for `wanted`: by changing what is applied, or with `refetch` when it is the same. */
    apply: (wanted: T, refetch: () => unknown) => {
      if (same(wanted, applied)) void refetch();
      else setApplied(wanted);
    },
  };
}
