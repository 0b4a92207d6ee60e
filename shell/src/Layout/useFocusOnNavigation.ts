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

export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const root = main.current;
    if (!root) return undefined;
    const place = (): boolean => {
      const target = startOf(root);
      if (!target) return false;
      if (target.tagName === 'H1' && !target.hasAttribute('tabindex'))
        target.setAttribute('tabindex', '-1');
      target.focus();
      return true;
    };
    // The old screen may still be there for a moment: wait for the heading to change.
    const before = root.querySelector('h1');
    const ready = () => {
      const heading = root.querySelector('h1');
      return heading !== null && heading !== before && place();
    };
    if (ready()) return undefined;
    const observer = new MutationObserver(() => {
      if (ready()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
