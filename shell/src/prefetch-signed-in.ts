// Once the login form is on screen, the browser may fetch the signed-in shell's scripts at idle,
// so that the reload after sign-in finds them in its cache.

/** Written by the shell's build (webpack/create-config.mjs): the signed-in shell's scripts. */
export const SIGNED_IN_SCRIPTS = '/signed-in.json';

/** Adds a prefetch hint for each script of the signed-in shell; a missing list changes nothing. */
export async function prefetchSignedIn(): Promise<void> {
  try {
    const response = await fetch(SIGNED_IN_SCRIPTS, { cache: 'no-cache' });
    if (!response.ok) return;
    const { scripts } = (await response.json()) as { scripts?: unknown };
    if (!Array.isArray(scripts)) return;
    for (const href of scripts) {
      if (typeof href !== 'string') continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Only a hint: the signed-in shell loads normally without it.
  }
}

/** Runs `task` at the browser's next idle moment after the next frame. */
export function afterFirstFrameWhenIdle(task: () => void): void {
  requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 200);
  });
}
