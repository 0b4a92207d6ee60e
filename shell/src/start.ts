// The first script of every shell page, built without module federation (`start` in
// webpack/create-config.mjs). Signed out, it shows the login page and nothing more: React and
// the form, no federation runtime, router or signed-in code. Signed in, it hands over to
// main.js, the signed-in shell. Sign-in and logout both reload the page, so a page never needs
// both. It reads the token itself: importing shared-ui here would put the whole design system
// and its styles in front of the signed-in shell.

/** shared-ui's TOKEN_KEY (the session token's sessionStorage key); a test keeps them equal. */
export const START_TOKEN_KEY = 'token';
/** The signed-in shell, beside this file (served no-cache, like this file). */
export const MAIN_SCRIPT = '/main.js';

/** Whether a session token is stored; unavailable storage counts as signed out, as in shared-ui. */
export function hasToken(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(START_TOKEN_KEY));
  } catch {
    return false;
  }
}

export function start(): void {
  if (hasToken()) {
    const script = document.createElement('script');
    script.src = MAIN_SCRIPT;
    document.head.appendChild(script);
  } else {
    void import('./login-screen');
  }
}
