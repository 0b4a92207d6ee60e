// Once the login form is on screen, the browser may fetch the signed-in shell's scripts and styles
// at idle, so that the reload after sign-in finds them in its cache. The build writes their list
// into index.html (SignedInFilesPlugin in webpack/create-config.mjs): no request to read it.

/** The element of index.html that holds the list, as JSON. */
export const SIGNED_IN_FILES_ID = 'signed-in-files';

interface SignedInFiles {
  scripts: string[];
  styles: string[];
  /** The scripts a signed-in page runs at once, main.js (content-hashed) first. */
  first: string[];
}

/** Paths of this origin only (`/x.js`, not `//elsewhere/x.js`). */
const paths = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && /^\/(?![/\\])/.test(item))
    : [];

/** The list in the page, or nothing when it is missing or unreadable. */
export function signedInFiles(): SignedInFiles | undefined {
  const text = document.getElementById(SIGNED_IN_FILES_ID)?.textContent;
  if (!text) return undefined;
  try {
    const list = JSON.parse(text) as { scripts?: unknown; styles?: unknown; first?: unknown };
    if (!list || typeof list !== 'object') return undefined;
    return { scripts: paths(list.scripts), styles: paths(list.styles), first: paths(list.first) };
  } catch {
    return undefined;
  }
}

/** Adds a prefetch hint for each file of the signed-in shell; a missing list changes nothing. */
export function prefetchSignedIn(): void {
  const files = signedInFiles();
  if (!files) return;
  const hint = (href: string, as: 'script' | 'style') => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', as);
    link.href = href;
    document.head.appendChild(link);
  };
  files.scripts.forEach((href) => hint(href, 'script'));
  files.styles.forEach((href) => hint(href, 'style'));
}

/** Runs `task` at the browser's next idle moment after the next frame. */
export function afterFirstFrameWhenIdle(task: () => void): void {
  requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 200);
  });
}
