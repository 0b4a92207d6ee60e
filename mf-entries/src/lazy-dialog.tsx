// Dialogs a screen opens only on a press (Correct, Reverse, a receipts viewer) are not part of its
// first paint: each is its own chunk, fetched the first time it opens. From then on it stays
// mounted, as it was before, so what it keeps (the line that says what a correction wrote, its
// focus) outlives its closing.
import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A component that renders nothing until `isOpen(props)` is first true, then the component that
 * `load` brings, with the same props.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  const Shown = Loaded as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    const open = isOpen(props);
    if (open && !used) setUsed(true);
    if (!open && !used) return null;
    return (
      <Suspense fallback={null}>
        <Shown {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
