import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Rows rendered beyond each edge of the view, so a quick scroll never shows a gap. */
const OVERSCAN = 12;
/** Until the box is measured (and in jsdom, which measures nothing), assume this much view. */
const FALLBACK_VIEW = 600;

export interface RowWindow {
  /** Index of the first rendered row. */
  first: number;
  /** One past the last rendered row. */
  end: number;
  /** Space standing in for the rows above and below the window, in pixels. */
  padTop: number;
  padBottom: number;
}

/**
 * Which rows of a long table are near the view of its scrolling box. Every row has the same
 * height (the CSS keeps windowed rows to one line), so the window is plain arithmetic on
 * scrollTop; that is why no virtualisation library is needed, and none is shipped (shared-ui README,
 * "Table"). State changes only when the window moves, not on every scroll event.
 */
export function useRowWindow(
  count: number,
  rowHeight: number,
  scrollRef: RefObject<HTMLElement | null>,
  enabled: boolean,
): RowWindow {
  const [view, setView] = useState({ from: 0, to: Math.ceil(FALLBACK_VIEW / rowHeight) });

  useEffect(() => {
    const box = scrollRef.current;
    if (!enabled || !box) return undefined;
    const update = () => {
      const height = box.clientHeight || FALLBACK_VIEW;
      const from = Math.floor(box.scrollTop / rowHeight);
      const to = Math.ceil((box.scrollTop + height) / rowHeight);
      setView((old) => (old.from === from && old.to === to ? old : { from, to }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      box.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [enabled, rowHeight, scrollRef]);

  const first = Math.min(count, Math.max(0, view.from - OVERSCAN));
  const end = Math.min(count, view.to + OVERSCAN);
  return {
    first,
    end,
    padTop: first * rowHeight,
    padBottom: Math.max(0, count - end) * rowHeight,
  };
}
