// Moving to another screen (the sidebar, a link, the browser's back button) puts the keyboard on
// the new screen (issue 32): on the first field of a form marked `data-screen-start` (an entry
// form), else on the screen's heading, as soon as it is on the page (a remote's screen arrives a
// moment later). The first screen of a page load keeps the browser's own focus.
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a remote's screen to appear. */
const WAIT_MS = 5000;

const FIELDS = 'select, input:not([type="hidden"]):not([disabled]), textarea, button';

/** Where the keyboard goes on a screen, once it is there. */
function startOf(main: HTMLElement): HTMLElement | null {
  const form = main.querySelector<HTMLElement>('[data-screen-start]');
  const field = form?.querySelector<HTMLElement>(FIELDS);
  if (field) return field;
  return main.querySelector<HTMLElement>('h1');
}

/** After this long without a new heading (a screen that kept its heading), the keyboard goes anyway. */
const SAME_HEADING_MS = 1500;

export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // The heading of the screen the keyboard was last put on (or of the first screen): the next
  // screen is there once a heading other than this one is.
  const shown = useRef<Element | null>(null);
  useEffect(() => {
    const root = main.current;
    if (!root) return undefined;
    const landing = first.current;
    first.current = false;
    const before = shown.current;
    const place = (): boolean => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      shown.current = heading;
      // The first screen of a page load keeps the browser's own focus.
      if (landing) return true;
      const target = startOf(root);
      if (!target) return false;
      if (target.tagName === 'H1' && !target.hasAttribute('tabindex'))
        target.setAttribute('tabindex', '-1');
      target.focus();
      return true;
    };
    const ready = () => {
      const heading = root.querySelector('h1');
      return heading !== null && heading !== before && place();
    };
    if (ready()) return undefined;
    // A screen that kept its heading gets the keyboard after a while; should a new heading
    // come after all (a slow screen), it takes the keyboard then.
    const anyway = setTimeout(() => {
      if (!landing) place();
    }, SAME_HEADING_MS);
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      clearTimeout(anyway);
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(anyway);
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
