// Once the login form is on screen, the browser may fetch the signed-in shell's scripts and styles
// at idle, so that the reload after sign-in finds them in its cache, and it runs the chunks the
// signed-in page runs first, so that it also keeps their compiled code. The build writes the lists
// into index.html (SignedInFilesPlugin in webpack/start-config.mjs): no request to read them.

/** The element of index.html that holds the list, as JSON. */
export const SIGNED_IN_FILES_ID = 'signed-in-files';
/**
 * The attribute of `<html>` that says the warm-up below has ended: `ready` (a bench waits for it,
 * as a person's typing does).
 */
export const SIGNED_IN_CODE_ATTRIBUTE = 'data-signed-in-code';

interface SignedInFiles {
  scripts: string[];
  styles: string[];
  /** The scripts a signed-in page runs at once, main.js (content-hashed) first. */
  first: string[];
  /** Of `first`, the chunk files that only register modules (not main.js): run ahead here. */
  warm: string[];
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
    const list = JSON.parse(text) as Record<string, unknown> | null;
    if (!list || typeof list !== 'object') return undefined;
    return {
      scripts: paths(list.scripts),
      styles: paths(list.styles),
      first: paths(list.first),
      warm: paths(list.warm),
    };
  } catch {
    return undefined;
  }
}

/**
 * Adds a prefetch hint for each file of the signed-in shell but the chunks `warmSignedIn` loads
 * (a hint beside their script elements would fetch them twice); a missing list changes nothing.
 */
export function prefetchSignedIn(files = signedInFiles()): void {
  if (!files) return;
  const hint = (href: string, as: 'script' | 'style') => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', as);
    link.href = href;
    document.head.appendChild(link);
  };
  const warm = new Set(files.warm);
  files.scripts.filter((href) => !warm.has(href)).forEach((href) => hint(href, 'script'));
  files.styles.forEach((href) => hint(href, 'style'));
}

/** Puts `src` in the page as a script and settles once it has run or failed. */
function runScript(src: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = script.onerror = () => {
      script.remove();
      resolve();
    };
    document.head.appendChild(script);
  });
}

const idle = () => new Promise<void>((resolve) => afterFirstFrameWhenIdle(resolve));

/**
 * Runs the chunks the signed-in page runs first (`warm`) in this page, twice, one idle moment
 * apart. Chromium keeps a script's compiled code (its code cache) when a page runs it for the
 * second time, and a later page that runs it reads that code instead of parsing the script again:
 * the page after sign-in then starts without reading about 300 KB of JavaScript (react-dom among
 * it) while the user waits. Measured in Debian's Chromium, sign-in to the dashboard's figures
 * fell by about 120 ms (docs/decisions/006). Safe to run here: a chunk file only adds module
 * factories to the signed-in shell's chunk list, which nothing on this page reads (the start
 * script's own list has another name), and it runs none; main.js, which would start the shell, is
 * never listed. Other browsers parse the chunks twice at idle and keep nothing, and no harm done.
 */
export async function warmSignedIn(files = signedInFiles()): Promise<void> {
  const warm = files?.warm ?? [];
  for (let round = 0; round < 2 && warm.length > 0; round += 1) {
    if (round > 0) await idle();
    await Promise.all(warm.map(runScript));
  }
  document.documentElement.setAttribute(SIGNED_IN_CODE_ATTRIBUTE, 'ready');
}

/** Runs `task` at the browser's next idle moment after the next frame. */
export function afterFirstFrameWhenIdle(task: () => void): void {
  requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 200);
  });
}

/** What the login page does at idle once its form is on screen. */
export function readySignedIn(): void {
  const files = signedInFiles();
  prefetchSignedIn(files);
  void warmSignedIn(files);
}
