import { useSyncExternalStore } from 'react';

/** The width under which a table's rows show as cards (Table.css uses the same). */
export const CARDS_QUERY = '(max-width: 599.98px)';

const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(CARDS_QUERY)
    : undefined;

const subscribe = (onChange: () => void) => {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/**
 * True on a phone, where each row is a card of its own height: a windowed table then renders
 * every row, since its window counts rows of one fixed height.
 */
export function useCardLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
